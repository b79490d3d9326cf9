import { AUTH_MESSAGES, ERROR_CODES, type Report } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { createClient } from '../../test/app';
import { createMember } from '../../test/factories';
import { reported, reportedPost, reportRows } from '../../test/reports';

const t = useAdminPanel(['chief@queue.example']);
const member = () => createMember(t.ctx);

const queue = async (query = '') => {
  const response = await t.admin.client.get(`/admin/reports${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Report[]; nextCursor: string | null; open: number };
};

const openInTable = async () => (await reportRows(t.ctx, sql`status = 'open'`)).length;

describe('who may read the queue', () => {
  it('refuses the anonymous (401) and members (403)', async () => {
    expect((await createClient(t.ctx.app).get('/admin/reports')).statusCode).toBe(401);
    const refused = await t.member.client.get('/admin/reports');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: AUTH_MESSAGES.adminsOnly });
  });

  it.each([
    ['an unknown status', '?status=closed', 'status'],
    ['a broken cursor', '?cursor=nonsense', 'cursor'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit over 100', '?limit=101', 'limit'],
    ['a search over 100 characters', `?q=${'x'.repeat(101)}`, 'q'],
    ['a search with a NUL byte', '?q=a%00b', 'q'],
  ])('answers 400 to %s', async (_, query, field) => {
    const response = await t.admin.client.get(`/admin/reports${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.validation, field });
  });
});

describe('the queue', () => {
  it('shows the open reports by default, newest first, with the open count', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [a, b]);
    const onMember = await reported(a, { targetType: 'user', targetId: author.id, text: 'rude' });
    const page = await queue();
    expect(page.open).toBe(await openInTable());
    expect(page.items.every((item) => item.status === 'open')).toBe(true);
    const [first, second, third] = page.items;
    expect([first?.id, second?.id, third?.id]).toEqual([
      onMember.id,
      reports[1]!.id,
      reports[0]!.id,
    ]);
    expect(first).toMatchObject({
      reporter: { id: a.id, username: a.username },
      target: { type: 'user', id: author.id, author: { id: author.id }, postId: null },
      text: 'rude',
      reportsCount: 1,
    });
    expect(second).toMatchObject({
      reporter: { id: b.id },
      target: { type: 'post', id: post.id, author: { id: author.id }, postId: post.id },
      reportsCount: 2,
    });
  });

  it('filters by status, and `all` shows every one', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const dismissed = await reported(a, { targetType: 'user', targetId: author.id });
    const { reports } = await reportedPost(t.ctx, author, [b]);
    await t.admin.client.post(`/admin/reports/${dismissed.id}/resolve`, { action: 'dismiss' });
    await t.admin.client.post(`/admin/reports/${reports[0]!.id}/resolve`, {
      action: 'warn',
      note: 'careful',
    });
    const ids = (page: { items: Report[] }) => page.items.map((item) => item.id);
    const byStatus = {
      dismissed: await queue('?status=dismissed&limit=100'),
      resolved: await queue('?status=resolved&limit=100'),
      all: await queue('?status=all&limit=100'),
      open: await queue('?status=open&limit=100'),
    };
    expect(ids(byStatus.dismissed)).toContain(dismissed.id);
    expect(ids(byStatus.dismissed)).not.toContain(reports[0]!.id);
    expect(byStatus.dismissed.items.every((item) => item.status === 'dismissed')).toBe(true);
    expect(ids(byStatus.resolved)).toContain(reports[0]!.id);
    expect(byStatus.resolved.items.find((item) => item.id === reports[0]!.id)).toMatchObject({
      action: 'warn',
      note: 'careful',
      resolvedBy: { id: t.admin.id },
    });
    expect(ids(byStatus.all)).toEqual(expect.arrayContaining([dismissed.id, reports[0]!.id]));
    expect(ids(byStatus.open)).not.toContain(dismissed.id);
    // The open count is the same whichever list is shown.
    const open = await openInTable();
    for (const page of Object.values(byStatus)) expect(page.open).toBe(open);
  });

  it('finds resolved and dismissed reports by text, note or member, whatever the case', async () => {
    // Names no other member's name contains, so the searches find only these reports.
    const author = await createMember(t.ctx, { username: 'skin_seller', email: 'skins@x.example' });
    const b = await createMember(t.ctx, { username: 'watchful_b', email: 'watch@x.example' });
    const a = await member();
    const scam = await reported(a, {
      targetType: 'user',
      targetId: author.id,
      text: 'Sells FAKE-Skins at 50% off',
    });
    const { reports } = await reportedPost(t.ctx, author, [b]);
    await t.admin.client.post(`/admin/reports/${scam.id}/resolve`, {
      action: 'warn',
      note: 'first warning, skins',
    });
    await t.admin.client.post(`/admin/reports/${reports[0]!.id}/resolve`, { action: 'dismiss' });
    const found = async (q: string) =>
      (await queue(`?status=all&limit=100&q=${encodeURIComponent(q)}`)).items.map((i) => i.id);

    expect(await found('fake-skins')).toEqual([scam.id]);
    expect(await found('FIRST WARNING')).toEqual([scam.id]);
    // LIKE's wildcards match only themselves.
    expect(await found('50% off')).toEqual([scam.id]);
    expect(await found('5_%')).toEqual([]);
    expect(await found(b.username)).toEqual([reports[0]!.id]);
    expect(await found(author.username)).toEqual(expect.arrayContaining([scam.id, reports[0]!.id]));
    // The status filter still holds beside the search.
    const dismissedOnly = await queue(`?status=dismissed&limit=100&q=${author.username}`);
    expect(dismissedOnly.items.map((i) => i.id)).toEqual([reports[0]!.id]);
  });

  it('pages by cursor, newest first, without repeats or gaps', async () => {
    const author = await member();
    const reporters = [await member(), await member(), await member(), await member()];
    for (const reporter of reporters)
      await reported(reporter, { targetType: 'user', targetId: author.id });
    const all = (await queue('?status=all&limit=100')).items.map((item) => item.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(`?status=all&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect([...seen].sort((x, y) => y - x)).toEqual(seen);
  });
});

describe("an admin's Me", () => {
  it('carries the open count; a member has none', async () => {
    const me = (await t.admin.client.get('/me')).json();
    expect(me.openReports).toBe(await openInTable());
    expect((await t.member.client.get('/me')).json()).not.toHaveProperty('openReports');
  });
});
