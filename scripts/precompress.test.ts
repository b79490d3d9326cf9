import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress, PRECOMPRESS_MIN_BYTES } from './precompress';

let dist: string;
beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'devplay-precompress-'));
  await mkdir(path.join(dist, 'assets'));
});
afterEach(() => rm(dist, { recursive: true, force: true }));

const script = 'export const greeting = "hello";\n'.repeat(200);

describe('precompressing the web build', () => {
  it('leaves alone images, small files and copies that would not be smaller', async () => {
    await writeFile(path.join(dist, 'photo.webp'), Buffer.alloc(5_000, 7));
    await writeFile(path.join(dist, 'tiny.js'), 'x'.repeat(PRECOMPRESS_MIN_BYTES - 1));
    const noise = randomBytes(4_000);
    await writeFile(path.join(dist, 'noise.txt'), noise);
    expect(await precompress(dist)).toEqual([{ file: 'noise.txt', bytes: 4_000 }]);
    expect((await readdir(dist)).sort()).toEqual(['assets', 'noise.txt', 'photo.webp', 'tiny.js']);
  });

  it('writes .br and .gz beside each text file, in every folder, that decompress to it', async () => {
    await writeFile(path.join(dist, 'index.html'), `<!doctype html>${'<p>page</p>'.repeat(200)}`);
    await writeFile(path.join(dist, 'assets', 'index-abc.js'), script);
    const results = await precompress(dist);
    expect(results.map((r) => r.file).sort()).toEqual([
      path.join('assets', 'index-abc.js'),
      'index.html',
    ]);
    const file = path.join(dist, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(script);
    const entry = results.find((r) => r.file.endsWith('.js'))!;
    expect(entry.br).toBeLessThan(entry.gz!);
    expect(entry.gz).toBeLessThan(entry.bytes);
  });

  it('takes a file exactly at the threshold, and upper-case extensions', async () => {
    await writeFile(path.join(dist, 'DATA.JSON'), '{"a":1}'.padEnd(PRECOMPRESS_MIN_BYTES, ' '));
    expect((await precompress(dist)).map((r) => r.file)).toEqual(['DATA.JSON']);
  });
});
