import { unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeZip } from './zip-writer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'devplay-zip-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('a zip written as it is made', () => {
  it('holds text deflated from its parts and bytes stored as they are', async () => {
    const file = path.join(dir, 'a.zip');
    const picture = randomBytes(4096);
    const size = await writeZip(file, async (zip) => {
      await zip.text('a.json', ['[', '1,', '2', ']']);
      await zip.stored('media/p.webp', picture);
      await zip.text('empty.json', []);
    });
    expect(size).toBe((await stat(file)).size);
    const files = unzipSync(await readFile(file));
    expect(decode(files['a.json'])).toBe('[1,2]');
    expect(Buffer.from(files['media/p.webp']!).equals(picture)).toBe(true);
    expect(decode(files['empty.json'])).toBe('');
  });

  it('takes parts far beyond the file’s buffer, waiting for the disk between them', async () => {
    const file = path.join(dir, 'big.zip');
    // Random text barely compresses: about 8 MB go through a 16 KB buffer.
    async function* parts() {
      for (let i = 0; i < 64; i++) yield randomBytes(64 * 1024).toString('hex');
    }
    await writeZip(file, (zip) => zip.text('big.txt', parts()));
    const files = unzipSync(await readFile(file));
    expect(files['big.txt']!.length).toBe(64 * 128 * 1024);
  });

  it('replaces a file left before, and fails as the source fails', async () => {
    const file = path.join(dir, 'again.zip');
    await writeZip(file, (zip) => zip.text('one.json', ['1']));
    const broken = new Error('the database went away');
    async function* failing() {
      yield '[';
      throw broken;
    }
    await expect(writeZip(file, (zip) => zip.text('two.json', failing()))).rejects.toBe(broken);
    await writeZip(file, (zip) => zip.text('three.json', ['3']));
    expect(Object.keys(unzipSync(await readFile(file)))).toEqual(['three.json']);
  });

  it('fails when the file cannot be written', async () => {
    const folder = path.join(dir, 'a-folder.zip');
    await mkdir(folder);
    await expect(writeZip(folder, (zip) => zip.text('x.json', ['x']))).rejects.toMatchObject({
      code: 'EISDIR',
    });
  });
});
