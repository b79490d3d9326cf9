import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

describe('log format', () => {
  const transportOf = (logFormat: 'auto' | 'json' | 'pretty', terminal: boolean) =>
    loggerOptions({ logLevel: 'info', logFormat }, terminal).transport;

  it('is readable lines on a terminal and JSON lines anywhere else', () => {
    expect(transportOf('auto', true)).toMatchObject({ target: 'pino-pretty' });
    expect(transportOf('auto', false)).toBeUndefined();
  });

  it('follows LOG_FORMAT when it is set', () => {
    expect(transportOf('json', true)).toBeUndefined();
    expect(transportOf('pretty', false)).toMatchObject({ target: 'pino-pretty' });
  });
});
