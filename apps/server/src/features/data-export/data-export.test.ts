import { DATA_EXPORT_MESSAGES, ERROR_CODES } from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema/index';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { exportOf, filesOfZip } from '../../test/archives';
import { createMember, type Member } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const rowsOf = (member: Member) =>
  ctx.app.db.select().from(dataExports).where(eq(dataExports.userId, member.id));
/** As if the member's archives had been asked for `hours` ago. */
const ageArchives = (member: Member, hours: number) =>
  ctx.app.db
    .update(dataExports)
    .set({ createdAt: sql`${dataExports.createdAt} - make_interval(hours => ${hours})` })
    .where(eq(dataExports.userId, member.id));

describe('a member’s archive', () => {
  it('is for signed-in members only (401 on every route)', async () => {
    const anonymous = createClient(ctx.app);
    for (const [method, url] of [
      ['POST', '/me/export'],
      ['GET', '/me/export'],
      ['GET', '/me/export/download'],
    ] as const) {
      const response = method === 'POST' ? await anonymous.post(url) : await anonymous.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe(ERROR_CODES.unauthorized);
    }
  });

  it('is none before it is asked for; download says there is none (404)', async () => {
    const member = await createMember(ctx);
    expect((await member.client.get('/me/export')).json()).toEqual({
      status: 'none',
      createdAt: null,
      expiresAt: null,
    });
    const download = await member.client.get('/me/export/download');
    expect(download.statusCode).toBe(404);
    expect(download.json()).toMatchObject({
      code: ERROR_CODES.notFound,
      message: DATA_EXPORT_MESSAGES.noneReady,
    });
  });

  it('answers 202 pending at once, is made by the job, mailed, and ready for 7 days', async () => {
    const member = await createMember(ctx);
    const started = await member.client.post('/me/export');
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'pending', expiresAt: null });

    const status = (await member.client.get('/me/export')).json();
    expect(status.status).toBe('ready');
    const [row] = await rowsOf(member);
    expect(Date.parse(status.expiresAt) - row!.readyAt!.getTime()).toBe(7 * 24 * 3600_000);
    expect(status.createdAt).toBe(started.json().createdAt);

    const newest = ctx.mailbox.to(member.email).at(-1)!;
    expect(newest.subject).toBe(DATA_EXPORT_MESSAGES.mailSubject);
    expect(newest.text).toContain(`${ctx.config.publicUrl}/settings`);
    // As the app shows days (dd.mm.yyyy), in UTC.
    const day = status.expiresAt.slice(0, 10).split('-').reverse().join('.');
    expect(newest.text).toContain(day);
    expect(newest.html).toContain(`href="${ctx.config.publicUrl}/settings"`);
  });

  it('downloads as an attachment named for the member and the day, never stored by caches', async () => {
    const member = await createMember(ctx);
    await member.client.post('/me/export');
    const download = await member.client.get('/me/export/download');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toBe('no-store');
    const [row] = await rowsOf(member);
    const day = row!.readyAt!.toISOString().slice(0, 10);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="devplay-${member.username}-${day}.zip"`,
    );
    expect(Number(download.headers['content-length'])).toBe(row!.bytes);
    expect(download.rawPayload.length).toBe(row!.bytes);
    expect(Object.keys(filesOfZip(download)).sort()).toEqual([
      'calendar.json',
      'comments.json',
      'follows.json',
      'likes.json',
      'messages.json',
      'posts.json',
      'profile.json',
      'transactions.json',
    ]);
  });

  it('answers HEAD with the headers alone', async () => {
    const member = await createMember(ctx);
    await member.client.post('/me/export');
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/me/export/download',
      headers: { 'access-token': member.token },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/zip');
    expect(head.rawPayload.length).toBe(0);
  });

  it('refuses a second while one is being made (409), with the spec’s words', async () => {
    const member = await createMember(ctx);
    await ctx.app.db.insert(dataExports).values({ userId: member.id, storageKey: 'x.zip' });
    expect((await member.client.get('/me/export')).json()).toMatchObject({ status: 'pending' });
    const again = await member.client.post('/me/export');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ERROR_CODES.exportInProgress,
      message: DATA_EXPORT_MESSAGES.inProgress,
    });
    expect(await rowsOf(member)).toHaveLength(1);
  });

  it('allows one a day (429), and another once 24 hours have passed', async () => {
    const member = await createMember(ctx);
    await member.client.post('/me/export');
    const again = await member.client.post('/me/export');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: ERROR_CODES.rateLimited,
      message: DATA_EXPORT_MESSAGES.oncePerDay,
    });
    await ageArchives(member, 25);
    expect((await member.client.post('/me/export')).statusCode).toBe(202);
    // The new archive replaces the old one, row and file.
    const rows = await rowsOf(member);
    expect(rows.map((row) => row.status)).toEqual(['ready']);
  });

  it('does not count a failed archive against the day, and says none for it', async () => {
    const member = await createMember(ctx);
    await ctx.app.db
      .insert(dataExports)
      .values({ userId: member.id, storageKey: 'y.zip', status: 'failed' });
    expect((await member.client.get('/me/export')).json().status).toBe('none');
    expect((await member.client.post('/me/export')).statusCode).toBe(202);
  });

  it('says none once the archive expired, and downloads nothing then (404)', async () => {
    const member = await createMember(ctx);
    await member.client.post('/me/export');
    await ctx.app.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.userId, member.id));
    expect((await member.client.get('/me/export')).json()).toEqual({
      status: 'none',
      createdAt: null,
      expiresAt: null,
    });
    expect((await member.client.get('/me/export/download')).statusCode).toBe(404);
  });

  it('is only ever the member’s own: another member downloads nothing of it', async () => {
    const [owner, other] = [await createMember(ctx), await createMember(ctx)];
    const files = await exportOf(owner);
    expect(files['profile.json']).toBeDefined();
    expect((await other.client.get('/me/export')).json().status).toBe('none');
    const download = await other.client.get('/me/export/download');
    expect(download.statusCode).toBe(404);
  });

  it('answers 404 when the ready archive’s file is gone (removed by hand, a restore)', async () => {
    const member = await createMember(ctx);
    await member.client.post('/me/export');
    const [row] = await rowsOf(member);
    await ctx.app.archives.removeAll([row!.storageKey!]);
    const download = await member.client.get('/me/export/download');
    expect(download.statusCode).toBe(404);
    expect(download.json().message).toBe(DATA_EXPORT_MESSAGES.noneReady);
  });

  it('is never served as a file: /uploads/ knows no archive, wherever it points', async () => {
    const member = await createMember(ctx);
    await member.client.post('/me/export');
    const [row] = await rowsOf(member);
    for (const url of [
      `/uploads/${row!.storageKey}`,
      `/uploads/..%2Fexports%2F${row!.storageKey}`,
      `/uploads/%2E%2E/exports/${row!.storageKey}`,
      `/exports/${row!.storageKey}`,
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toBe('application/zip');
    }
  });

  it('ignores what a request adds: no body, query or header changes whose archive it is', async () => {
    const [owner, other] = [await createMember(ctx), await createMember(ctx)];
    await owner.client.post('/me/export');
    const hostile = [
      `/me/export/download?userId=${owner.id}`,
      `/me/export/download?user_id=${owner.id}&username=${owner.username}`,
    ];
    for (const url of hostile) {
      expect((await other.client.get(url)).statusCode, url).toBe(404);
    }
    const posted = await other.client.post('/me/export', { userId: owner.id });
    expect(posted.statusCode).toBe(202);
    expect(await rowsOf(other)).toHaveLength(1);
  });
});
