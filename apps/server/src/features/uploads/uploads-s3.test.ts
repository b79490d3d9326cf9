import { imageCopies, UPLOAD_MESSAGES } from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { uploads } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { pngImage } from '../../test/multipart';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { removeOrphanUploads } from './cleanup-job';

let s3: TestS3;
let ctx: TestContext;
let member: Member;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestApp({ s3: loadConfig(s3.env()).s3 });
  member = await createMember(ctx);
});
afterAll(async () => {
  await ctx.app.close();
  await s3.close();
});
beforeEach(() => s3.failPutsAfter(null));

const upload = async () =>
  member.client.form('POST', '/upload-image', { image: await pngImage(1000, 500) });
const nameOf = (url: string) => path.basename(url);
const rowsOf = () => ctx.app.db.select().from(uploads).where(eq(uploads.ownerId, member.id));

describe('uploads with S3 on', () => {
  it('puts the image and its narrower copies in the bucket, and nothing under DATA_DIR', async () => {
    const response = await upload();
    expect(response.statusCode).toBe(201);
    const url = response.json().url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}-1000x500-c2\.webp$/);
    const names = [url, ...imageCopies(url).map((copy) => copy.url)].map(nameOf);
    expect(names).toHaveLength(4);
    for (const [name, width] of names.map((name, i) => [name, [1000, 480, 640, 960][i]] as const)) {
      const object = s3.objects.get(name);
      expect(object?.contentType, name).toBe('image/webp');
      expect((await sharp(object!.data).metadata()).width, name).toBe(width);
    }
    const served = await ctx.app.inject({ url });
    expect(served.headers.location).toBe(`${s3.url}/${s3.bucket}/${nameOf(url)}`);
    await expect(access(path.join(ctx.config.dataDir, 'uploads'))).rejects.toThrow();
    expect(await readdir(ctx.config.dataDir)).not.toContain('uploads');
  });

  it('answers 503 with a clear text when the bucket fails mid-upload: no object, no row, no quota', async () => {
    const objectsBefore = [...s3.objects.keys()];
    const rowsBefore = await rowsOf();
    s3.failPutsAfter(1);
    const response = await upload();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: UPLOAD_MESSAGES.storageUnavailable,
    });
    expect([...s3.objects.keys()]).toEqual(objectsBefore);
    expect(await rowsOf()).toEqual(rowsBefore);
    s3.failPutsAfter(null);
    // Quota given back: the day's allowance counts only what was stored.
    expect((await upload()).statusCode).toBe(201);
  });

  it('sweeps abandoned uploads out of the bucket, copies included', async () => {
    const url = (await upload()).json().url as string;
    await ctx.app.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(uploads.url, url));
    expect(await removeOrphanUploads(ctx.app.db, ctx.app.storage)).toContain(url);
    for (const name of [url, ...imageCopies(url).map((copy) => copy.url)].map(nameOf)) {
      expect(s3.objects.has(name), name).toBe(false);
    }
  });
});
