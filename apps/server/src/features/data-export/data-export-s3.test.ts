import { eq, sql } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { dataExports } from '../../db/schema/index';
import { depsOf } from '../../deps';
import { ARCHIVES_PREFIX } from '../../lib/archive-store';
import { createTestApp, type TestContext } from '../../test/app';
import { exportOf } from '../../test/archives';
import { createMember, publish, uploadImage, type Member } from '../../test/factories';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { removeOldArchives } from './retention';

/**
 * With S3_BUCKET set: archives live in the bucket under exports/, and only the server hands them
 * out.
 */
let s3: TestS3;
let ctx: TestContext;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestApp({ s3: loadConfig(s3.env()).s3! });
});
afterAll(async () => {
  await ctx.app.close();
  await s3.close();
});

const keyOf = async (member: Member) =>
  (await ctx.app.db.select().from(dataExports).where(eq(dataExports.userId, member.id)))[0]!
    .storageKey!;
const archivesInBucket = () =>
  [...s3.objects.keys()].filter((key) => key.startsWith(ARCHIVES_PREFIX));

describe('archives with object storage', () => {
  it('are put under exports/ as private zips, with the images read from the bucket', async () => {
    const member = await createMember(ctx);
    const image = await uploadImage(member.client);
    await publish(ctx, member.client, { image });
    const files = await exportOf(member);
    const name = image.split('/').at(-1)!;
    expect(Buffer.from(files[`media/${name}`]!).equals(s3.objects.get(name)!.data)).toBe(true);

    const key = `${ARCHIVES_PREFIX}${await keyOf(member)}`;
    expect(archivesInBucket()).toContain(key);
    expect(s3.objects.get(key)).toMatchObject({
      contentType: 'application/zip',
      cacheControl: 'private, no-store',
    });
    // Staged on this machine's disk on the way, and nothing left there.
    expect(await readdir(path.join(ctx.config.dataDir, 'exports', 'staging'))).toEqual([]);
  });

  it('are never reached through /uploads/, whatever the name asked for', async () => {
    const member = await createMember(ctx);
    await exportOf(member);
    const key = await keyOf(member);
    for (const url of [
      `/uploads/${key}`,
      `/uploads/exports%2F${key}`,
      `/uploads/..%2Fexports%2F${key}`,
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location, url).toBeUndefined();
    }
  });

  it('are removed from the bucket once expired, and with their member', async () => {
    const [expiring, leaving] = [await createMember(ctx), await createMember(ctx)];
    await exportOf(expiring);
    await exportOf(leaving);
    const [expired, left] = [await keyOf(expiring), await keyOf(leaving)];
    await ctx.app.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dataExports.userId, expiring.id));
    await removeOldArchives(depsOf(ctx.app));
    expect(archivesInBucket()).not.toContain(`${ARCHIVES_PREFIX}${expired}`);

    expect(archivesInBucket()).toContain(`${ARCHIVES_PREFIX}${left}`);
    expect((await leaving.client.delete('/me')).statusCode).toBe(200);
    const next = await createTestApp({ sameDatabaseAs: ctx, s3: loadConfig(s3.env()).s3! });
    await next.app.jobs.settled();
    await next.app.close();
    expect(archivesInBucket()).not.toContain(`${ARCHIVES_PREFIX}${left}`);
  });
});
