import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { startS3Server, type TestS3 } from '../test/s3-server';
import {
  ARCHIVES_PREFIX,
  diskArchiveStore,
  newArchiveKey,
  s3ArchiveStore,
  type ArchiveStore,
} from './archive-store';
import { openBucket, type Bucket } from './s3-bucket';

let s3: TestS3;
let bucket: Bucket;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = openBucket(loadConfig(s3.env()).s3!);
});
afterAll(async () => {
  bucket.close();
  await s3.close();
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'devplay-archive-store-'));
  s3.objects.clear();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Stages `content` for `key` and keeps it, as the archive job does. */
async function keep(store: ArchiveStore, key: string, content: string) {
  await writeFile(await store.staging(key), content);
  return store.keep(key);
}

const read = async (store: ArchiveStore, key: string) => {
  const archive = await store.open(key);
  return archive && { bytes: archive.bytes, text: await text(archive.body) };
};

const stores = {
  disk: () => diskArchiveStore(dir),
  s3: () => s3ArchiveStore(bucket, dir, { warn: vi.fn() }),
};

describe.each(Object.entries(stores))('the %s archive store', (_, make) => {
  it('keeps a staged archive under its key, a kept one replaced by the next', async () => {
    const store = make();
    const key = newArchiveKey();
    expect(await keep(store, key, 'first try')).toBe(9);
    expect(await keep(store, key, 'second and whole')).toBe(16);
    expect(await read(store, key)).toEqual({ bytes: 16, text: 'second and whole' });
    // The staged file went on to be kept: nothing is left on the way.
    expect(await readdir(path.join(dir, 'staging'))).toEqual([]);
  });

  it('answers null for an archive it does not have', async () => {
    expect(await make().open(newArchiveKey())).toBeNull();
  });

  it('removes kept and staged archives alike, quietly for those already gone', async () => {
    const store = make();
    const [kept, staged] = [newArchiveKey(), newArchiveKey()];
    await keep(store, kept, 'kept');
    const stagedFile = await store.staging(staged);
    await writeFile(stagedFile, 'half');
    await store.removeAll([kept, staged, newArchiveKey()]);
    expect(await store.open(kept)).toBeNull();
    expect(existsSync(stagedFile)).toBe(false);
  });

  it('keeps names to themselves: a key never climbs out of its place', async () => {
    const store = make();
    await keep(store, '../../escaped.zip', 'inside');
    expect(await read(store, 'escaped.zip')).toMatchObject({ text: 'inside' });
    expect(existsSync(path.join(dir, '..', 'escaped.zip'))).toBe(false);
  });
});

describe('archives in a bucket', () => {
  it('lie under exports/, apart from the images, as zips no cache keeps', async () => {
    const key = newArchiveKey();
    await keep(stores.s3(), key, 'zip bytes');
    expect([...s3.objects.keys()]).toEqual([`${ARCHIVES_PREFIX}${key}`]);
    expect(s3.objects.get(`${ARCHIVES_PREFIX}${key}`)).toMatchObject({
      contentType: 'application/zip',
      cacheControl: 'private, no-store',
    });
  });

  it('say clearly when the bucket refuses one, and keep the staged file for a retry', async () => {
    const key = newArchiveKey();
    const store = stores.s3();
    s3.failPutsAfter(0);
    try {
      await writeFile(await store.staging(key), 'bytes');
      await expect(store.keep(key)).rejects.toThrow(/storing exports\/.*ServiceUnavailable/);
      expect(await readdir(path.join(dir, 'staging'))).toEqual([`${key}.part`]);
    } finally {
      s3.failPutsAfter(null);
    }
  });
});
