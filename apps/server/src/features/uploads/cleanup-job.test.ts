import { imageCopies } from '@devplay/shared';
import { inArray, sql } from 'drizzle-orm';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, uploadImage } from '../../test/factories';
import { pngImage } from '../../test/multipart';
import { removeOrphanUploads } from './cleanup-job';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const fileExists = (url: string) =>
  access(path.join(ctx.config.dataDir, 'uploads', path.basename(url))).then(
    () => true,
    () => false,
  );

const ageDays = (urls: string[], days: number) =>
  ctx.app.db
    .update(uploads)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(inArray(uploads.url, urls));

describe('abandoned uploads', () => {
  it('are removed, row and file, after a day; young and attached ones stay', async () => {
    const member = await createMember(ctx);
    // A wide picture: its 480 px copy must go with it.
    const wide = await member.client.form('POST', '/upload-image', {
      image: await pngImage(1000, 500),
    });
    const oldOrphan = wide.json().url as string;
    const youngOrphan = await uploadImage(member.client);
    const onPost = await uploadImage(member.client);
    await publish(ctx, member.client, { image: onPost });
    const edit = await member.client.form('PUT', '/me', {
      username: member.username,
      fullName: 'Ada Lovelace',
      age: '36',
      bio: 'Writes engines.',
      avatar: await pngImage(),
    });
    expect(edit.statusCode).toBe(200);
    const avatar = edit.json().avatar as string;
    await ageDays([oldOrphan, onPost, avatar], 2);

    expect(await removeOrphanUploads(ctx.app.db, ctx.app.storage)).toEqual([oldOrphan]);

    const kept = await ctx.app.db.select({ url: uploads.url }).from(uploads);
    expect(kept.map((row) => row.url).sort()).toEqual([youngOrphan, onPost, avatar].sort());
    expect(await fileExists(oldOrphan)).toBe(false);
    expect(imageCopies(oldOrphan)).toHaveLength(3);
    for (const copy of imageCopies(oldOrphan)) expect(await fileExists(copy.url)).toBe(false);
    for (const url of [youngOrphan, onPost, avatar]) expect(await fileExists(url), url).toBe(true);
    expect(await removeOrphanUploads(ctx.app.db, ctx.app.storage)).toEqual([]);
  });

  it('leave an upload while a post still shows it, after another post with it went', async () => {
    const member = await createMember(ctx);
    const image = await uploadImage(member.client);
    const first = await publish(ctx, member.client, { image });
    const second = await publish(ctx, member.client, { image });
    expect((await member.client.delete(`/post/${first.id}`)).statusCode).toBe(200);
    await ageDays([image], 2);
    expect(await removeOrphanUploads(ctx.app.db, ctx.app.storage)).not.toContain(image);
    expect(await fileExists(image)).toBe(true);
    // Once nothing shows it, the sweep takes it.
    await ctx.app.db.execute(sql`update posts set image = null where id = ${second.id}`);
    expect(await removeOrphanUploads(ctx.app.db, ctx.app.storage)).toEqual([image]);
    expect(await fileExists(image)).toBe(false);
  });
});
