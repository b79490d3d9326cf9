import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestContext } from '../test/app';
import { rowsOf } from '../test/database';
import { createMember, publish, uploadImage, type Member } from '../test/factories';

/**
 * Deletions fired at once at one row, by its author and admins, through the member and the admin
 * routes: exactly one wins, the others hear the row is gone, and the audit log holds an entry
 * exactly when an admin's deletion happened. Several rounds each, as one may not overlap.
 */
const ROUNDS = 8;
const ADMIN_EMAILS = ['first@race.example', 'second@race.example'];

let ctx: TestContext;
let admins: [Member, Member];
let author: Member;

beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set(ADMIN_EMAILS), rateLimits: false });
  admins = [
    await createMember(ctx, { email: ADMIN_EMAILS[0] }),
    await createMember(ctx, { email: ADMIN_EMAILS[1] }),
  ];
  author = await createMember(ctx);
});
afterAll(() => ctx.app.close());

type Attempt = { who: 'author' | 'admin'; client: Client; url: string };

/** The attempts, all in flight together, each round another one sent first; with their statuses. */
async function race(attempts: Attempt[], round: number) {
  const shift = round % attempts.length;
  const order = [...attempts.slice(shift), ...attempts.slice(0, shift)];
  const responses = await Promise.all(order.map((a) => a.client.delete(a.url)));
  return responses.map((response, i) => ({ ...order[i]!, status: response.statusCode }));
}

const auditEntries = async (targetType: string, targetId: number) =>
  (
    await rowsOf(
      ctx.app.db,
      sql`select 1 from audit_log where target_type = ${targetType} and target_id = ${String(targetId)}`,
    )
  ).length;

/** One winner; every loser hears 404 (the member whose account went, 401); never a 500. */
function expectOneWinner(outcomes: Awaited<ReturnType<typeof race>>, goneMember?: Client) {
  const statuses = outcomes.map((o) => o.status);
  expect(
    statuses.filter((s) => s === 200),
    String(statuses),
  ).toHaveLength(1);
  for (const outcome of outcomes.filter((o) => o.status !== 200)) {
    expect(outcome.status, String(statuses)).toBe(outcome.client === goneMember ? 401 : 404);
  }
  return outcomes.find((o) => o.status === 200)!;
}

const fileStatus = async (url: string) => (await ctx.app.inject({ url })).statusCode;

describe('deleting one post at once', () => {
  it.each([
    ['two admins through the feed', ['/post', '/post']],
    ['two admins through the feed and the panel', ['/post', '/admin/post']],
  ])('%s: one 200, one 404, one audit entry, the image gone', async (_, routes) => {
    for (let round = 0; round < ROUNDS; round++) {
      const image = await uploadImage(author.client);
      const post = await publish(ctx, author.client, { image });
      const outcomes = await race(
        routes.map((route, i) => ({
          who: 'admin',
          client: admins[i]!.client,
          url: `${route}/${post.id}`,
        })),
        round,
      );
      expectOneWinner(outcomes);
      expect(await auditEntries('post', post.id)).toBe(1);
      expect(await fileStatus(image)).toBe(404);
    }
  });

  it('its author and an admin: one 200, an audit entry only if the admin won', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const image = await uploadImage(author.client);
      const post = await publish(ctx, author.client, { image });
      const attempts: Attempt[] = [
        { who: 'author', client: author.client, url: `/post/${post.id}` },
        { who: 'admin', client: admins[0].client, url: `/admin/post/${post.id}` },
      ];
      const winner = expectOneWinner(await race(attempts, round));
      expect(await auditEntries('post', post.id)).toBe(winner.who === 'admin' ? 1 : 0);
      expect(await fileStatus(image)).toBe(404);
    }
  });
});

describe('deleting one comment at once', () => {
  it('two admins: one 200, one 404, one audit entry', async () => {
    const post = await publish(ctx, author.client);
    for (let round = 0; round < ROUNDS; round++) {
      const comment = (
        await author.client.post('/comment', { postId: post.id, text: `Round ${round}` })
      ).json() as { id: number };
      expectOneWinner(
        await race(
          admins.map((admin) => ({
            who: 'admin' as const,
            client: admin.client,
            url: `/comment/${comment.id}`,
          })),
          round,
        ),
      );
      expect(await auditEntries('comment', comment.id)).toBe(1);
    }
  });
});

describe('deleting one account at once', () => {
  it('the member and two admins: one 200, the rest 404 or 401, the files gone', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const leaving = await createMember(ctx);
      const image = await uploadImage(leaving.client);
      await publish(ctx, leaving.client, { image });
      const winner = expectOneWinner(
        await race(
          [
            { who: 'author', client: leaving.client, url: '/me' },
            ...admins.map((admin) => ({
              who: 'admin' as const,
              client: admin.client,
              url: `/admin/user/${leaving.id}`,
            })),
          ],
          round,
        ),
        leaving.client,
      );
      expect(await auditEntries('user', leaving.id)).toBe(winner.who === 'admin' ? 1 : 0);
      expect(await fileStatus(image)).toBe(404);
      expect((await leaving.client.get('/me')).statusCode).toBe(401);
    }
  });
});
