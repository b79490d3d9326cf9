import { createMember, type Member } from '../../test/factories';
import { rowsOf } from '../../test/database';
import { MONEY_MESSAGES } from '@devplay/shared';
import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMoney } from './service';
import { partiesOf } from './statements';
import {
  createClient,
  createTestApp,
  newUser,
  sameUserElsewhere,
  signUp,
  signUpUnverified,
  type TestContext,
} from '../../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const member = () => createMember(ctx);
const pay = (
  from: Member,
  to: Pick<Member, 'username'>,
  amount: number | string,
  extra: Record<string, unknown> = {},
) =>
  sameUserElsewhere(ctx.app, from.client).post('/transaction', {
    amount,
    userName: to.username,
    idempotencyKey: randomUUID(),
    ...extra,
  });
const balanceOf = async (m: Member) => (await m.client.get('/me')).json().balance as number;

/** DESIGN §7 invariants, checked straight in the tables. */
async function ledgerInvariants() {
  const run = (query: SQL) => rowsOf(ctx.app.db, query);
  const [total] = await run(
    sql`select coalesce(sum(balance_cents), 0)::bigint as total from accounts`,
  );
  const mismatched = await run(sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  const unbalanced = await run(
    sql`select transfer_id from ledger_entries group by transfer_id having sum(amount_cents) <> 0 or count(*) <> 2`,
  );
  const negative = await run(
    sql`select id from accounts where kind = 'member' and balance_cents < 0`,
  );
  return { total: Number(total!.total), mismatched, unbalanced, negative };
}

describe('money', () => {
  it('answers 401 without a token and 403 to an unconfirmed member', async () => {
    const anonymous = createClient(ctx.app);
    expect((await anonymous.get('/transactions')).statusCode).toBe(401);
    expect(
      (
        await anonymous.post('/transaction', {
          amount: 1,
          userName: 'x',
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(401);
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    const b = await member();
    expect(
      (
        await unverified.post('/transaction', {
          amount: 1,
          userName: b.username,
          idempotencyKey: randomUUID(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await unverified.get('/me')).json().balance).toBe(0);
  });

  it('greets a confirmed member with 100.00 € of welcome credit, once', async () => {
    const a = await member();
    expect(await balanceOf(a)).toBe(100);
    const page = (await a.client.get('/transactions')).json();
    expect(page).toMatchObject({ balance: 100, nextCursor: null });
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'welcome',
        direction: 'in',
        amount: 100,
        counterparty: null,
        balanceAfter: 100,
      }),
    ]);
  });

  it('leaves the member unconfirmed when the credit cannot be granted, so a new code tries again', async () => {
    // A fresh app: its system account has issued nothing yet, so it can briefly pose as a member.
    const fresh = await createTestApp();
    const client = createClient(fresh.app);
    const user = newUser();
    await signUp(client, user);
    await fresh.app.db.execute(sql`update accounts set kind = 'member' where user_id is null`);
    const failed = await client.post('/verify', {
      email: user.email,
      code: fresh.mailbox.lastCode(user.email),
    });
    expect(failed.statusCode).toBe(500);
    await fresh.app.db.execute(sql`update accounts set kind = 'system' where user_id is null`);
    await client.post('/resend-code', { email: user.email });
    const verified = await client.post('/verify', {
      email: user.email,
      code: fresh.mailbox.lastCode(user.email),
    });
    expect(verified.statusCode).toBe(200);
    client.token = (await client.post('/signin', user)).json().token;
    expect((await client.get('/me')).json()).toMatchObject({ isVerified: true, balance: 100 });
    await fresh.app.close();
  });

  it.each([
    [{ userName: '' }, 'All fields must be filled in'],
    [{ amount: undefined }, 'All fields must be filled in'],
    [{ amount: 0 }, MONEY_MESSAGES.invalidAmount],
    [{ amount: -5 }, MONEY_MESSAGES.invalidAmount],
    [{ amount: 0.1 + 0.2 }, MONEY_MESSAGES.invalidAmount],
    [{ amount: '1.234' }, MONEY_MESSAGES.invalidAmount],
    [{ amount: 10_000.01 }, MONEY_MESSAGES.invalidAmount],
    [{ note: 'x'.repeat(141) }, MONEY_MESSAGES.noteTooLong],
  ])('refuses %o with 400 and moves nothing', async (patch, message) => {
    const [a, b] = [await member(), await member()];
    const response = await pay(a, b, 1, patch);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await balanceOf(a)).toBe(100);
  });

  it('refuses an unknown recipient (404) and oneself (400)', async () => {
    const a = await member();
    expect((await pay(a, { username: 'nobody_here' }, 1)).json()).toMatchObject({
      message: MONEY_MESSAGES.recipientNotFound,
    });
    expect((await pay(a, a, 1)).json()).toMatchObject({ message: MONEY_MESSAGES.toSelf });
  });

  it('refuses more than the balance with 422 INSUFFICIENT_FUNDS', async () => {
    const [a, b] = [await member(), await member()];
    const response = await pay(a, b, '100.01');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: MONEY_MESSAGES.insufficientFunds,
    });
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([100, 100]);
  });

  it('sends 12.34 € exactly and shows it on both sides, newest first', async () => {
    const [a, b] = [await member(), await member()];
    const response = await pay(a, b, 12.34, { note: 'pizza' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      amount: 12.34,
      direction: 'out',
      kind: 'transfer',
      note: 'pizza',
      balanceAfter: 87.66,
      counterparty: { username: b.username },
    });
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([87.66, 112.34]);
    const incoming = (await b.client.get('/transactions')).json();
    expect(incoming.items[0]).toMatchObject({
      direction: 'in',
      amount: 12.34,
      balanceAfter: 112.34,
      counterparty: { username: a.username },
    });
    expect(incoming.items[1]).toMatchObject({ kind: 'welcome' });
  });

  it('pays a member who has no account yet (unconfirmed, so never credited), opening it', async () => {
    const a = await member();
    const newcomer = createClient(ctx.app);
    const user = await signUpUnverified(newcomer);
    const accountsOfNewcomer = async () =>
      (
        await rowsOf<{ n: number }>(
          ctx.app.db,
          sql`select count(*)::int as n from accounts a join users u on u.id = a.user_id
              where u.username = ${user.username}`,
        )
      )[0]!.n;
    expect(await accountsOfNewcomer()).toBe(0);
    const response = await pay(a, user, 7);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      balanceAfter: 93,
      counterparty: { username: user.username },
    });
    expect((await newcomer.get('/me')).json().balance).toBe(7);
    expect(await accountsOfNewcomer()).toBe(1);
  });

  it('adds cents exactly: 0.10 then 0.20 leaves 99.70', async () => {
    const [a, b] = [await member(), await member()];
    await pay(a, b, 0.1);
    await pay(a, b, '0.20');
    expect(await balanceOf(a)).toBe(99.7);
  });

  it('answers a replayed key with the original transfer and moves nothing again; other details get 409', async () => {
    const [a, b] = [await member(), await member()];
    const idempotencyKey = randomUUID();
    const first = await pay(a, b, 5, { idempotencyKey });
    const again = await pay(a, b, 5, { idempotencyKey });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await balanceOf(a)).toBe(95);
    const changed = await pay(a, b, 6, { idempotencyKey });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('never overdraws under concurrent sends, and the same key sent at once counts once', async () => {
    const [a, b] = [await member(), await member()];
    const results = await Promise.all(Array.from({ length: 15 }, () => pay(a, b, 10)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(await balanceOf(a)).toBe(0);

    const idempotencyKey = randomUUID();
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => pay(b, a, 1, { idempotencyKey })),
    );
    expect(new Set(replays.map((r) => r.json().id)).size).toBe(1);
    expect(await balanceOf(a)).toBe(1);
  });

  it('returns a leaving member’s balance to the system; the other side keeps its history', async () => {
    const [leaver, stayer] = [await member(), await member()];
    await pay(leaver, stayer, 20);
    expect((await leaver.client.delete('/me')).statusCode).toBe(200);
    const history = (await stayer.client.get('/transactions')).json();
    expect(history.items[0]).toMatchObject({ amount: 20, direction: 'in', counterparty: null });
    expect(await balanceOf(stayer)).toBe(120);
  });

  it('pays a renamed member under the new name at once; the old name is nobody’s (404)', async () => {
    const [a, b] = [await member(), await member()];
    expect((await pay(a, b, 1)).statusCode).toBe(201);
    const renamed = `${b.username.slice(0, 20)}_new`;
    const edit = await b.client.form('PUT', '/me', {
      username: renamed,
      fullName: 'Renamed Member',
      age: '30',
      bio: 'New name.',
    });
    expect(edit.statusCode).toBe(200);
    expect((await pay(a, b, 1)).json()).toMatchObject({
      message: MONEY_MESSAGES.recipientNotFound,
    });
    const paid = await pay(a, { username: renamed }, 1);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().counterparty).toMatchObject({ id: b.id, fullName: 'Renamed Member' });
  });

  it('pays nothing to a member who left, even to a name looked up before they went', async () => {
    const [a, leaver] = [await member(), await member()];
    expect((await pay(a, leaver, 1)).statusCode).toBe(201);
    const before = await partiesOf(ctx.app.db, a.id, leaver.username);
    expect((await leaver.client.delete('/me')).statusCode).toBe(200);
    expect((await pay(a, leaver, 1)).json()).toMatchObject({
      message: MONEY_MESSAGES.recipientNotFound,
    });
    // A lookup older than the departure (a lost bus message): the statement itself refuses.
    const stale = sendMoney(
      ctx.app.db,
      ctx.app.events,
      a.id,
      {
        amount: 100,
        userName: leaver.username,
        idempotencyKey: randomUUID(),
        note: undefined,
      },
      async () => before,
    );
    await expect(stale).rejects.toMatchObject({
      statusCode: 404,
      message: MONEY_MESSAGES.recipientNotFound,
    });
    expect(await balanceOf(a)).toBe(99);
  });

  it('keeps the ledger whole: entries sum to zero, balances equal their entries, none negative', async () => {
    const invariants = await ledgerInvariants();
    expect(invariants).toEqual({ total: 0, mismatched: [], unbalanced: [], negative: [] });
  });
});
