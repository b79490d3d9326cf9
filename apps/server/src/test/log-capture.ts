import { Writable } from 'node:stream';

/** A log stream for `createTestApp({ logStream })`, keeping each JSON line as an object. */
export function captureLog() {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        entries.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return {
    stream,
    entries,
    /** Entries at `level` (pino's numbers: 40 warn, 50 error) whose message contains `text`. */
    find: (level: number, text: string) =>
      entries.filter((e) => e.level === level && String(e.msg).includes(text)),
  };
}
