import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskFileStore } from './file-store';

describe('the disk file store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'devplay-file-store-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const disk = (freeBytes: number) => async () => ({ bavail: freeBytes, bsize: 1 });

  it('refuses files that would leave the disk below its floor (507), and takes those that fit', async () => {
    const store = diskFileStore({ dir, minFreeBytes: 1000, statfs: disk(1500) });
    await expect(store.ensureRoom(501)).rejects.toMatchObject({ statusCode: 507 });
    await expect(store.ensureRoom(500)).resolves.toBeUndefined();
  });

  it('writes all files or none: one that fails takes the others with it', async () => {
    const store = diskFileStore({ dir, minFreeBytes: 0 });
    // A folder where the second file should go: writing it fails (EISDIR).
    await mkdir(path.join(dir, 'b.webp'));
    const files = ['a.webp', 'b.webp', 'c.webp'].map((name) => ({ name, data: Buffer.from(name) }));
    await expect(store.writeAll(files)).rejects.toMatchObject({ code: 'EISDIR' });
    expect(await readdir(dir)).toEqual(['b.webp']);
  });

  it('keeps files inside its folder whatever their names say, and removes them quietly', async () => {
    const store = diskFileStore({ dir, minFreeBytes: 0 });
    await store.writeAll([{ name: '../escaped.webp', data: Buffer.from('x') }]);
    expect(await readdir(dir)).toEqual(['escaped.webp']);
    await store.removeAll(['escaped.webp', 'never-there.webp']);
    expect(await readdir(dir)).toEqual([]);
  });
});
