import { imageCopies } from '@devplay/shared';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { archiveName } from '../../apps/server/src/features/backup/archives';
import { backupSocketPath } from '../../apps/server/src/features/backup/backup-socket';
import { backupIfDue } from '../../apps/server/src/features/backup/schedule';
import type { TestContext } from '../../apps/server/src/test/app';
import { createMember, publish, type Member } from '../../apps/server/src/test/factories';
import { pngImage } from '../../apps/server/src/test/multipart';
import { readArchive } from './read-archive';
import { exists } from './files';
import { backup } from './make-backup';
import { ADMIN_URL, cleanUp, scratchDir, startedDatabase, startedDataDir } from './scratch';
import { configOf, openInstance, type Place } from './test-instance';

afterAll(cleanUp);

/** The files of an image: it and its narrower copies. */
const filesOf = (url: string) =>
  [url, ...imageCopies(url).map((copy) => copy.url)].map((file) => path.posix.basename(file));

type Running = {
  place: Place;
  ctx: TestContext;
  member: Member;
  images: string[];
  posts: number[];
};

/** A serving instance with a member who published `n` posts with an image each (500 px: 2 files). */
async function running(at: Place, n: number): Promise<Running> {
  // The member publishes faster than a person could.
  const place = { ...at, env: { RATE_LIMITS: 'off' } };
  const ctx = await openInstance(place);
  const member = await createMember(ctx);
  const running: Running = { place, ctx, member, images: [], posts: [] };
  for (let i = 0; i < n; i++) {
    const uploaded = await member.client.form('POST', '/upload-image', {
      image: await pngImage(500, 300),
    });
    const post = await publish(ctx, member.client, {
      image: uploaded.json().url,
      video: undefined,
    });
    running.images.push(post.image!);
    running.posts.push(post.id);
  }
  return running;
}

/** Every file the archive's rows name is in it; answers the names of its files. */
async function expectWhole(archive: string) {
  const dir = await scratchDir();
  await readArchive(archive, dir);
  const files = new Set(await readdir(path.join(dir, 'uploads')).catch(() => []));
  const rows = (await readFile(path.join(dir, 'db', 'uploads.jsonl'), 'utf8')).split('\n');
  const named = rows
    .filter(Boolean)
    .flatMap((line) => (JSON.parse(line) as { url: string }[]).flatMap((row) => filesOf(row.url)));
  for (const name of named) expect(files.has(name), name).toBe(true);
  return files;
}

/**
 * A backup while the member deletes a post between the listing of the files and their reading:
 * the snapshot names the image, so its files wait for the backup and are in the archive. A file
 * no row names that goes meanwhile is left out and said so, as is a file that is no upload.
 */
async function deletedWhileRead({ place, ctx, member, images, posts }: Running) {
  const uploadsDir = path.join(place.dataDir, 'uploads');
  const stray = `${randomUUID()}.webp`;
  await writeFile(path.join(uploadsDir, stray), 'a file no row names');
  await writeFile(path.join(uploadsDir, 'notes.txt'), 'mine');
  const archive = path.join(await scratchDir(), 'live.tar.gz');
  let listed: string[] = [];
  const manifest = await backup(configOf(place), archive, {
    async afterListing(names) {
      listed = names;
      await unlink(path.join(uploadsDir, stray));
      expect((await member.client.delete(`/post/${posts[0]}`)).statusCode).toBe(200);
      // Members are served meanwhile, reading and writing.
      expect((await member.client.get('/posts')).statusCode).toBe(200);
      await publish(ctx, member.client);
    },
  });
  expect(listed).toContain(stray);
  expect(manifest.skippedFiles).toEqual([
    { name: 'notes.txt', reason: 'not an upload' },
    { name: stray, reason: 'deleted while read' },
  ]);
  const archived = await expectWhole(archive);
  for (const name of filesOf(images[0]!)) expect(archived.has(name), name).toBe(true);
  // Once the backup is done, the deletion it held goes through.
  await vi.waitFor(async () => {
    await ctx.app.storage.flushDeletions();
    for (const name of filesOf(images[0]!)) {
      expect(await exists(path.join(uploadsDir, name)), name).toBe(false);
    }
  });
  await unlink(path.join(uploadsDir, 'notes.txt'));
}

describe('a backup of a running embedded server', () => {
  let instance: Running;
  beforeAll(async () => {
    instance = await running({ dataDir: await startedDataDir() }, 2);
  }, 180_000);
  afterAll(() => instance?.ctx.app.close());

  it('is made by asking the server, through a socket only its owner may use', async () => {
    const socket = await stat(backupSocketPath(instance.place.dataDir));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o077).toBe(0);
    await deletedWhileRead(instance);
    // The server's copy of its database is gone with the backup.
    await vi.waitFor(async () =>
      expect((await readdir(instance.place.dataDir)).filter((f) => f.startsWith('.'))).toEqual([]),
    );
  }, 120_000);

  it('refuses, writing no archive, when a file its rows name goes anyway', async () => {
    const { place, images } = instance;
    const file = path.join(place.dataDir, 'uploads', filesOf(images.at(-1)!)[0]!);
    const archive = path.join(await scratchDir(), 'holed.tar.gz');
    const content = await readFile(file);
    const made = backup(configOf(place), archive, { afterListing: () => unlink(file) });
    await expect(made).rejects.toThrow(
      `${path.basename(file)} went while the backup read it, though the database still names it`,
    );
    expect(await exists(archive)).toBe(false);
    await writeFile(file, content);
  }, 120_000);

  it('is made on schedule into BACKUP_DIR, which keeps the newest BACKUP_KEEP archives', async () => {
    const dir = await scratchDir();
    const [older, yesterday] = [2, 1].map((days) => new Date(Date.now() - days * 86_400_000));
    for (const at of [older!, yesterday!]) {
      await writeFile(path.join(dir, archiveName(at)), 'an earlier backup');
      await utimes(path.join(dir, archiveName(at)), at, at);
    }
    await writeFile(path.join(dir, 'notes.txt'), 'not an archive');
    const backups = { dir, intervalMs: 3_600_000, keep: 2 };
    const env = { ...process.env, DATA_DIR: instance.place.dataDir, DATABASE_URL: '' };
    expect(await backupIfDue(backups, instance.ctx.app.log, env)).toBe(true);
    const names = await readdir(dir);
    const made = names.find((name) => name > archiveName(yesterday) && name.endsWith('.tar.gz'));
    expect(names.sort()).toEqual([archiveName(yesterday!), made, 'notes.txt']);
    await expectWhole(path.join(dir, made!));
    // The newest is not an hour old: not due.
    expect(await backupIfDue(backups, instance.ctx.app.log, env)).toBe(false);
  }, 120_000);
});

describe.skipIf(!ADMIN_URL)('a backup of a running PostgreSQL instance', () => {
  let instance: Running;
  beforeAll(async () => {
    const place = { dataDir: await scratchDir(), databaseUrl: await startedDatabase() };
    instance = await running(place, 25);
  }, 180_000);
  afterAll(() => instance?.ctx.app.close());

  it('holds the files of an image deleted while it reads them', async () => {
    await deletedWhileRead(instance);
  }, 60_000);

  it('succeeds every time while members delete images every 25 to 120 ms', async () => {
    const { place, member, posts } = instance;
    let backingUp = true;
    let deleted = 0;
    const deleting = (async () => {
      for (const id of posts.slice(1)) {
        if (!backingUp) break;
        expect((await member.client.delete(`/post/${id}`)).statusCode).toBe(200);
        deleted++;
        await delay(25 + Math.random() * 95);
      }
    })();
    const outcomes: string[] = [];
    const archives: string[] = [];
    for (let i = 0; i < 5; i++) {
      const archive = path.join(await scratchDir(), `loop-${i}.tar.gz`);
      outcomes.push(
        await backup(configOf(place), archive).then(
          () => 'written',
          (error: unknown) => String(error),
        ),
      );
      archives.push(archive);
    }
    backingUp = false;
    await deleting;
    expect(outcomes).toEqual(Array(5).fill('written'));
    expect(deleted).toBeGreaterThan(1);
    for (const archive of archives) await expectWhole(archive);
  }, 120_000);
});
