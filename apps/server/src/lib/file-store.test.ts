import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskFileStore, isStoredName } from './file-store';
import { avatarFiles, postImageFiles } from './image-files';
import { pngImage } from '../test/multipart';

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

  it('reads a file back by its name, and answers null for one that is gone', async () => {
    const store = diskFileStore({ dir, minFreeBytes: 0 });
    await store.writeAll([{ name: 'a.webp', data: Buffer.from('the bytes') }]);
    expect((await store.read('/uploads/a.webp'))?.toString()).toBe('the bytes');
    expect(await store.read('../a.webp')).toEqual(Buffer.from('the bytes'));
    expect(await store.read('never-there.webp')).toBeNull();
    // A name that is a folder is no file gone: the failure stays one.
    await mkdir(path.join(dir, 'folder.webp'));
    await expect(store.read('folder.webp')).rejects.toMatchObject({ code: 'EISDIR' });
  });
});

describe('the names the store makes', () => {
  it('are known by one rule: every file of an avatar or a post image, old copy sets too', async () => {
    const image = (await pngImage(1000, 500)).data;
    const made = [...(await avatarFiles(image)), ...(await postImageFiles(image))];
    expect(made).toHaveLength(5);
    const stem = '0b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e';
    // Before the 640 px copy, images were named without a set and had 480 and 960 px copies.
    const older = [`${stem}-1600x800.webp`, `${stem}-1600x800-480w.webp`];
    for (const name of [...made.map((file) => file.name), ...older]) {
      expect(isStoredName(name), name).toBe(true);
    }
  });

  it('leave out everything else: pages, scripts, hidden or climbing names, copies never made', () => {
    const stem = '0b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e';
    const names = [
      'evil.html',
      'evil.js',
      'a.webp',
      '.env',
      '../x.webp',
      `${stem}.html`,
      `${stem}.webp.js`,
      `${stem.toUpperCase()}.webp`,
      `${stem}-800x600-c9.webp`,
      `${stem}-800x600-c2-960w.webp`,
      `${stem}-1600x800-640w.webp`,
      `x${stem}.webp`,
      '',
    ];
    for (const name of names) expect(isStoredName(name), name).toBe(false);
  });
});
