import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../apps/server/src/test/s3-server';
import { readArchive } from './read-archive';
import { exists } from './files';
import { backup } from './make-backup';
import { restore } from './restore-archive';
import {
  ADMIN_URL,
  cleanUp,
  scratchDatabase,
  scratchDir,
  startedDatabase,
  startedDataDir,
} from './scratch';
import { configOf, expectSameRows, expectSeedServed, seed, type Place } from './test-instance';

// The source bucket lists one object a page, so a backup must follow continuation tokens.
let source: TestS3;
let target: TestS3;
/** One seeded embedded instance on the source bucket and its backup: restored, and refused. */
let made: BackedUp;
beforeAll(async () => {
  [source, target] = await Promise.all([startS3Server({ pageSize: 1 }), startS3Server()]);
  made = await backedUp({ dataDir: await startedDataDir(), s3: source.env() });
}, 300_000);
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
  await cleanUp();
});
beforeEach(() => target.failPutsAfter(null));

const sorted = (names: Iterable<string>) => [...names].sort();

type BackedUp = Awaited<ReturnType<typeof backedUp>>;

/**
 * A seeded instance, alone on the source bucket, backed up: the archive, what it was made from,
 * and the bucket's objects then.
 */
async function backedUp(from: Place) {
  source.objects.clear();
  const seeded = await seed(from);
  const archive = path.join(await scratchDir(), 'backup.tar.gz');
  const manifest = await backup(configOf(from), archive);
  return { from, seeded, archive, manifest, objects: new Map(source.objects) };
}

/** The names of the files under the archive's uploads/. */
async function archivedUploads(archive: string) {
  const unpacked = await scratchDir();
  await readArchive(archive, unpacked);
  return sorted(await readdir(path.join(unpacked, 'uploads')));
}

async function restoredInto({ seeded, archive, manifest, objects }: BackedUp, to: Place) {
  target.objects.clear();
  // The post image and its two narrower copies, archived as disk uploads are.
  expect(manifest.uploads).toBe(3);
  expect(await archivedUploads(archive)).toEqual(sorted(objects.keys()));
  await restore(configOf(to), archive, false);
  expect(sorted(target.objects.keys())).toEqual(sorted(objects.keys()));
  for (const [name, object] of objects) {
    expect(target.objects.get(name)?.data.equals(object.data), name).toBe(true);
  }
  expect(await exists(path.join(to.dataDir, 'uploads'))).toBe(false);
  await expectSameRows(archive, to);
  await expectSeedServed(to, seeded);
}

describe('backup and restore with uploads in a bucket', () => {
  it('bring an embedded instance back with its objects in another bucket', async () => {
    await restoredInto(made, { dataDir: await scratchDir(), s3: target.env() });
  }, 300_000);

  it.skipIf(!ADMIN_URL)(
    'bring a PostgreSQL instance back with its objects in another bucket',
    async () => {
      const from = { dataDir: await scratchDir(), databaseUrl: await startedDatabase() };
      await restoredInto(await backedUp({ ...from, s3: source.env() }), {
        dataDir: await scratchDir(),
        databaseUrl: await scratchDatabase(),
        s3: target.env(),
      });
    },
    300_000,
  );

  it('refuse a bucket that is not empty; --force replaces its objects', async () => {
    const { archive } = made;
    target.objects.clear();
    const old = { data: Buffer.from('old'), contentType: 'image/webp', cacheControl: undefined };
    const oldName = `${randomUUID()}.webp`;
    target.objects.set(oldName, old);
    const to = { dataDir: path.join(await scratchDir(), 'data'), s3: target.env() };
    await expect(restore(configOf(to), archive, false)).rejects.toThrow(
      `S3 bucket ${target.bucket} is not empty (${oldName}, …)`,
    );
    expect(sorted(target.objects.keys())).toEqual([oldName]);
    expect(await exists(to.dataDir)).toBe(false);
    await restore(configOf(to), archive, true);
    expect(sorted(target.objects.keys())).toEqual(await archivedUploads(archive));
  }, 300_000);

  it('leave nothing behind when the bucket fails mid-restore, and say why', async () => {
    const { archive } = made;
    target.objects.clear();
    target.failPutsAfter(1);
    const to = { dataDir: path.join(await scratchDir(), 'data'), s3: target.env() };
    await expect(restore(configOf(to), archive, false)).rejects.toThrow(
      /S3 bucket devplay-test: storing .*\.webp failed: ServiceUnavailable \(HTTP 503\)/,
    );
    expect(target.objects.size).toBe(0);
    expect(await exists(to.dataDir)).toBe(false);
  }, 300_000);

  it('leave out an object deleted while the backup reads, when no row names it', async () => {
    const stray = `${randomUUID()}.webp`;
    source.objects.set(stray, {
      data: Buffer.from('x'),
      contentType: 'image/webp',
      cacheControl: undefined,
    });
    const out = path.join(await scratchDir(), 'skipped.tar.gz');
    const manifest = await backup(configOf(made.from), out, {
      afterListing: async (names) => {
        expect(names).toContain(stray);
        source.objects.delete(stray);
      },
    });
    expect(manifest.skippedFiles).toEqual([{ name: stray, reason: 'deleted while read' }]);
    expect(await archivedUploads(out)).toEqual(sorted(source.objects.keys()));
  }, 300_000);

  it('leave members’ archives of their data (exports/) out, and alone on a forced restore', async () => {
    const exported = `exports/${randomUUID()}.zip`;
    const zip = { data: Buffer.from('zip'), contentType: 'application/zip', cacheControl: '' };
    source.objects.set(exported, zip);
    try {
      const out = path.join(await scratchDir(), 'without-archives.tar.gz');
      await backup(configOf(made.from), out);
      const uploads = [...source.objects.keys()].filter((name) => name !== exported);
      expect(await archivedUploads(out)).toEqual(sorted(uploads));
      target.objects.clear();
      target.objects.set(exported, zip);
      const to = { dataDir: path.join(await scratchDir(), 'data'), s3: target.env() };
      await restore(configOf(to), out, true);
      expect(target.objects.get(exported)).toBe(zip);
    } finally {
      source.objects.delete(exported);
    }
  }, 300_000);

  it('refuse to back up with a wrong secret, writing no archive', async () => {
    const { from } = made;
    const out = path.join(await scratchDir(), 'refused.tar.gz');
    const wrong = { ...from, s3: source.env({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }) };
    await expect(backup(configOf(wrong), out)).rejects.toThrow(
      /SignatureDoesNotMatch \(HTTP 403\)/,
    );
    expect(await exists(out)).toBe(false);
  }, 300_000);
});
