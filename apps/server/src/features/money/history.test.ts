import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient, signUpUnverified } from '../../test/app';
import { rowsOf } from '../../test/database';
import { useMoney } from '../../test/money';
import { encodeCursor } from '../../lib/cursor';
import { history } from './history';

const t = useMoney();

/** The service itself, counting its statements: signing in may or may not reach the database. */
async function read(userId: number, cursor?: string) {
  t.ctx.queries.count = 0;
  const page = await history(t.ctx.app.db, userId, { cursor, limit: 2 });
  return { page, statements: t.ctx.queries.count };
}

describe('the transactions list', () => {
  it('reads the balance and a page in one statement, page after page', async () => {
    const [a, b] = [await t.member(), await t.member()];
    for (const amount of [1, 2, 3]) expect((await t.pay(a, b, amount)).statusCode).toBe(201);

    const first = await read(a.id);
    expect(first.statements).toBe(1);
    expect(first.page.balance).toBe(94);
    expect(first.page.items).toEqual([
      expect.objectContaining({ amount: 3, direction: 'out', balanceAfter: 94 }),
      expect.objectContaining({ amount: 2, direction: 'out', balanceAfter: 97 }),
    ]);
    expect(first.page.items[0]!.counterparty).toMatchObject({ id: b.id, username: b.username });

    const second = await read(a.id, first.page.nextCursor!);
    expect(second.statements).toBe(1);
    expect(second.page.items.map((item) => item.amount)).toEqual([1, 100]);
    expect(second.page.items[1]).toMatchObject({ kind: 'welcome', counterparty: null });

    expect(second.page.nextCursor).toBeNull();
    // Past the last page no entry brings the balance along: it is read on its own.
    const last = await read(a.id, encodeCursor({ t: '2000-01-01T00:00:00.000000Z', id: 1 }));
    expect(last.page).toEqual({ items: [], nextCursor: null, balance: 94 });
  });

  it('opens the account of a member who has none and answers its empty page', async () => {
    const newcomer = createClient(t.ctx.app);
    const user = await signUpUnverified(newcomer);
    const response = await newcomer.get('/transactions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], nextCursor: null, balance: 0 });
    const [opened] = await rowsOf<{ n: number }>(
      t.ctx.app.db,
      sql`select count(*)::int as n from accounts a join users u on u.id = a.user_id
          where u.username = ${user.username}`,
    );
    expect(opened!.n).toBe(1);
  });
});
