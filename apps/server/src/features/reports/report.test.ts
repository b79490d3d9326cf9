import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { createMember, publish, type Member } from '../../test/factories';
import { commentOn, fileReport, reported, reportRows } from '../../test/reports';

const t = useAdminPanel(['chief@reports.example']);
const member = () => createMember(t.ctx);

const reportsOf = (reporter: Member) => reportRows(t.ctx, sql`reporter_id = ${reporter.id}`);

describe('a report', () => {
  it('keeps the post as it was: its title and the start of its description', async () => {
    const [reporter, author] = [await member(), await member()];
    const description = `${'word '.repeat(60)}end`;
    const post = await publish(t.ctx, author.client, { title: 'Cheap coins', description });
    const response = await fileReport(reporter, {
      targetType: 'post',
      targetId: post.id,
      reason: 'scam',
      text: '  links to a phishing site  ',
    });
    expect(response.statusCode).toBe(201);
    const report = response.json();
    expect(report).toMatchObject({
      reporter: { id: reporter.id, username: reporter.username },
      target: {
        type: 'post',
        id: post.id,
        author: { id: author.id, username: author.username },
        postId: post.id,
      },
      reason: 'scam',
      text: 'links to a phishing site',
      status: 'open',
      action: null,
      note: '',
      resolvedAt: null,
      resolvedBy: null,
      reportsCount: 1,
    });
    expect(report.target.excerpt).toBe(`Cheap coins — ${description.slice(0, 199)}…`);
    // An edit after the report leaves the excerpt as it was.
    await author.client.patch(`/post/${post.id}`, { title: 'Renamed' });
    const again = await fileReport(reporter, { targetType: 'post', targetId: post.id });
    expect(again.json().target.excerpt).toBe(report.target.excerpt);
  });

  it("keeps a comment's text, and a member's username and full name", async () => {
    const [reporter, author] = [await member(), await member()];
    const post = await publish(t.ctx, t.member.client);
    const said = await commentOn(author, post.id, 'you are all noobs');
    const onComment = await reported(reporter, { targetType: 'comment', targetId: said.id });
    expect(onComment.target).toMatchObject({
      excerpt: 'you are all noobs',
      author: { id: author.id },
      postId: post.id,
    });
    const onMember = await reported(reporter, { targetType: 'user', targetId: author.id });
    // Sign-up sets the full name to the username.
    expect(onMember.target).toMatchObject({ excerpt: author.username, author: { id: author.id } });
    await author.client.form('PUT', '/me', {
      username: author.username,
      fullName: 'Noob Slayer',
      age: '30',
      bio: 'x',
    });
    const other = await member();
    const named = await reported(other, { targetType: 'user', targetId: author.id });
    expect(named.target.excerpt).toBe(`${author.username} (Noob Slayer)`);
  });

  it('is one open report per reporter and target: again answers 200 with the open one', async () => {
    const [reporter, author] = [await member(), await member()];
    const post = await publish(t.ctx, author.client);
    const first = await fileReport(reporter, { targetType: 'post', targetId: post.id });
    expect(first.statusCode).toBe(201);
    const second = await fileReport(reporter, {
      targetType: 'post',
      targetId: post.id,
      reason: 'hate',
      text: 'and more',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await reportsOf(reporter)).toHaveLength(1);
    // Another target of the same id is another report.
    const [mine] = await reportsOf(reporter);
    const onMember = await fileReport(reporter, { targetType: 'user', targetId: author.id });
    expect(onMember.statusCode).toBe(201);
    expect(onMember.json().id).not.toBe(mine!.id);
  });

  it('two at once from one reporter make one report', async () => {
    const [reporter, author] = [await member(), await member()];
    const post = await publish(t.ctx, author.client);
    const body = { targetType: 'post', targetId: post.id } as const;
    const answers = await Promise.all([fileReport(reporter, body), fileReport(reporter, body)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((response) => response.json().id)).size).toBe(1);
    expect(await reportsOf(reporter)).toHaveLength(1);
  });

  it('tells the reporter nothing of the others reporting the same target', async () => {
    const [a, b, c, author] = [await member(), await member(), await member(), await member()];
    const post = await publish(t.ctx, author.client);
    await reported(a, { targetType: 'post', targetId: post.id });
    await reported(b, { targetType: 'post', targetId: post.id });
    const third = await fileReport(c, { targetType: 'post', targetId: post.id });
    expect(third.json()).toMatchObject({ reportsCount: 1, reporter: { id: c.id } });
    // The admins see all three.
    const queue = (await t.admin.client.get('/admin/reports?limit=100')).json();
    const mine = queue.items.find((item: { id: number }) => item.id === third.json().id);
    expect(mine.reportsCount).toBe(3);
  });

  it('may be made again once the open one was resolved', async () => {
    const [reporter, author] = [await member(), await member()];
    const first = await reported(reporter, { targetType: 'user', targetId: author.id });
    const resolved = await t.admin.client.post(`/admin/reports/${first.id}/resolve`, {
      action: 'dismiss',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const again = await fileReport(reporter, { targetType: 'user', targetId: author.id });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.id);
  });
});
