import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { guardProcess } from './process-guards';

function guarded() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  const target = Object.assign(new EventEmitter(), { exit: vi.fn() });
  guardProcess(log, target as unknown as NodeJS.Process);
  return { target, lines };
}

describe('the process', () => {
  it('logs a rejected promise nobody awaited and keeps serving', () => {
    const { target, lines } = guarded();
    target.emit('unhandledRejection', new Error('replay query failed'), Promise.resolve());
    expect(target.exit).not.toHaveBeenCalled();
    expect(lines).toMatchObject([
      {
        level: 50,
        msg: 'unhandled promise rejection; still serving',
        err: { message: 'replay query failed' },
      },
    ]);
  });

  it('logs an uncaught exception and exits 1 for its supervisor to restart it', () => {
    const { target, lines } = guarded();
    target.emit('uncaughtException', new Error('state unknown'));
    expect(target.exit).toHaveBeenCalledWith(1);
    expect(lines).toMatchObject([{ level: 60, err: { message: 'state unknown' } }]);
  });
});
