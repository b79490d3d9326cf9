import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const BUDGET_BYTES = 170 * 1024;

describe('the web bundle (DESIGN §7)', () => {
  it('loads at most 170 KB of gzipped JS before the first page chunk', async () => {
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    let total = 0;
    for (const file of initial) total += gzipSync(await readFile(path.join(dist, file))).length;
    console.log(`initial JS: ${(total / 1024).toFixed(1)} KB gzip in ${initial.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
