import { and, eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, jobs } from '../../db/schema/index';
import { depsOf } from '../../deps';
import { newArchiveKey } from '../../lib/archive-store';
import type { Jobs } from '../../plugins/jobs';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { exportOf, filesOfZip } from '../../test/archives';
import { createMember, type Member } from '../../test/factories';
import { createArchiveMaker } from './make-archive';
import { REMOVE_ARCHIVES_JOB, removeOldArchives } from './retention';
import { createDataExportService } from './service';

/**
 * An archive's life beyond a request: made by whichever process is up, swept once expired,
 * gone with its member, failed for good after its last attempt. Every process here shares one
 * database and one DATA_DIR, as processes of one machine do.
 */
let dataDir: string;
let ctx: TestContext;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-exports-'));
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Another server process on the same database and DATA_DIR; it runs due jobs once ready. */
const anotherProcess = () => createTestApp({ sameDatabaseAs: ctx, dataDir });

const rowsOf = (member: Member) =>
  ctx.app.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
const keyOf = async (member: Member) => (await rowsOf(member))[0]!.storageKey!;
/** An archive asked for, its job yet to make it: the row a request commits. */
const pendingArchiveOf = async (member: Member) =>
  (
    await ctx.app.db
      .insert(dataExports)
      .values({ userId: member.id, storageKey: newArchiveKey() })
      .returning()
  )[0]!;

describe('an archive', () => {
  it('asked for just before its process stopped is made by the next process', async () => {
    const member = await createMember(ctx);
    const stopped = await anotherProcess();
    // Its look at the queue on start-up is over: nothing but a poll, a minute on, looks again.
    await stopped.app.jobs.settled();
    // The request's transaction commits the row and the job; the process stops before trying.
    const neverStarted: Jobs = {
      ...stopped.app.jobs,
      async addIn(tx, kind, payload) {
        await stopped.app.jobs.addIn(tx, kind, payload);
        return { start: async () => 'elsewhere' as const };
      },
    };
    const service = createDataExportService({ ...depsOf(stopped.app), jobs: neverStarted });
    expect(await service.start(member.id)).toMatchObject({ status: 'pending' });
    await stopped.app.close();
    expect((await member.client.get('/me/export')).json().status).toBe('pending');

    const next = await anotherProcess();
    await next.app.jobs.settled();
    const client = createClient(next.app);
    client.token = member.token;
    expect((await client.get('/me/export')).json().status).toBe('ready');
    const download = await client.get('/me/export/download');
    expect(Object.keys(filesOfZip(download))).toContain('profile.json');
    expect(ctx.mailbox.to(member.email).length + next.mailbox.to(member.email).length).toBe(2);
    await next.app.close();
  });

  it('is written afresh by a retry: what a crashed attempt left is overwritten', async () => {
    const member = await createMember(ctx);
    const row = await pendingArchiveOf(member);
    await writeFile(await ctx.app.archives.staging(row.storageKey!), 'half a zip from a crash');
    await createArchiveMaker(depsOf(ctx.app))({ exportId: row.id }, { last: false });
    await ctx.app.jobs.settled();
    expect(Object.keys(filesOfZip(await member.client.get('/me/export/download')))).toContain(
      'messages.json',
    );
  });

  it('that fails is tried again; after the last attempt it is failed, its files gone', async () => {
    const member = await createMember(ctx);
    const row = await pendingArchiveOf(member);
    const deps = depsOf(ctx.app);
    const bucketDown = new Error('the store is down');
    const failing = createArchiveMaker({
      ...deps,
      archives: { ...deps.archives, keep: () => Promise.reject(bucketDown) },
    });
    const staged = await deps.archives.staging(row.storageKey!);
    await expect(failing({ exportId: row.id }, { last: false })).rejects.toBe(bucketDown);
    expect((await rowsOf(member))[0]!.status).toBe('pending');
    expect(existsSync(staged)).toBe(true);
    await expect(failing({ exportId: row.id }, { last: true })).rejects.toBe(bucketDown);
    expect((await rowsOf(member))[0]!.status).toBe('failed');
    expect(existsSync(staged)).toBe(false);
    expect((await member.client.get('/me/export')).json().status).toBe('none');
    expect((await member.client.post('/me/export')).statusCode).toBe(202);
  });

  it('whose row went while it was made (its member left) is removed again', async () => {
    const member = await createMember(ctx);
    const row = await pendingArchiveOf(member);
    const deps = depsOf(ctx.app);
    const key = row.storageKey!;
    await createArchiveMaker({
      ...deps,
      archives: {
        ...deps.archives,
        async keep(kept) {
          await ctx.app.db.delete(dataExports).where(eq(dataExports.id, row.id));
          return deps.archives.keep(kept);
        },
      },
    })({ exportId: row.id }, { last: false });
    expect(await ctx.app.archives.open(key)).toBeNull();
  });

  it('is swept once expired, row and file; one still ready stays', async () => {
    const [expired, fresh] = [await createMember(ctx), await createMember(ctx)];
    await exportOf(expired);
    await exportOf(fresh);
    const key = await keyOf(expired);
    await ctx.app.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.userId, expired.id));
    expect(await removeOldArchives(depsOf(ctx.app))).toBe(1);
    expect(await rowsOf(expired)).toEqual([]);
    expect(await ctx.app.archives.open(key)).toBeNull();
    const kept = await ctx.app.archives.open(await keyOf(fresh));
    kept!.body.destroy();
    expect(kept!.bytes).toBeGreaterThan(0);
  });

  it('failed, or pending with its job lost, is swept a day after it was asked for', async () => {
    const member = await createMember(ctx);
    await ctx.app.db.insert(dataExports).values([
      { userId: member.id, storageKey: 'a.zip', status: 'failed' },
      { userId: member.id, storageKey: 'b.zip' },
    ]);
    expect(await removeOldArchives(depsOf(ctx.app))).toBe(0);
    await ctx.app.db
      .update(dataExports)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(dataExports.userId, member.id));
    expect(await removeOldArchives(depsOf(ctx.app))).toBe(2);
  });

  it('goes with its member: the deletion stores the removal, which the next process does', async () => {
    const member = await createMember(ctx);
    await exportOf(member);
    const key = await keyOf(member);
    expect((await member.client.delete('/me')).statusCode).toBe(200);
    const removal = await ctx.app.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, REMOVE_ARCHIVES_JOB)));
    expect(removal).toEqual([{ payload: { keys: [key] } }]);

    const next = await anotherProcess();
    await next.app.jobs.settled();
    expect(await ctx.app.archives.open(key)).toBeNull();
    await next.app.close();
  });
});
