import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARS } from './quality/bars';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

describe('the web bundle (DESIGN §7)', () => {
  it(`sends at most ${BARS.initialJsKb} KB of brotli JS before the first page chunk, zod not among it`, async () => {
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of initial) {
      // The server sends the build's own .br file to every browser that accepts brotli; files
      // under 1 KB have none and go as they are.
      const raw = await readFile(path.join(dist, file), 'utf8');
      const brotli = await readFile(path.join(dist, `${file}.br`)).catch(() => null);
      total += brotli?.length ?? Buffer.byteLength(raw);
      expect(raw, file).not.toContain('ZodObject');
    }
    console.log(`initial JS: ${(total / 1024).toFixed(1)} KB brotli in ${initial.length} files`);
    expect(total / 1024).toBeLessThanOrEqual(BARS.initialJsKb);
  });
});
