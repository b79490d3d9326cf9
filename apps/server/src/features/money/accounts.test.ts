import { MONEY_MESSAGES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { depsOf } from '../../deps';
import { createClient, createTestApp, newUser, signUp, signUpUnverified } from '../../test/app';
import { rowsOf } from '../../test/database';
import { useMoney } from '../../test/money';
import { confirmEmail } from '../../use-cases/confirm-email';
import { sendMoney } from './service';
import { partiesOf } from './statements';

const t = useMoney();

describe('accounts: opened by the welcome credit or a first payment, closed by leaving', () => {
  it('greets a confirmed member with 100.00 € of welcome credit, once', async () => {
    const a = await t.member();
    expect(await t.balanceOf(a)).toBe(100);
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

  it('credits a member whose address is confirmed again only once', async () => {
    const a = await t.member();
    await confirmEmail(depsOf(t.ctx.app), a.id);
    expect(await t.balanceOf(a)).toBe(100);
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

  it('pays a member who has no account yet (unconfirmed, so never credited), opening it', async () => {
    const a = await t.member();
    const newcomer = createClient(t.ctx.app);
    const user = await signUpUnverified(newcomer);
    const accountsOfNewcomer = async () =>
      (
        await rowsOf<{ n: number }>(
          t.ctx.app.db,
          sql`select count(*)::int as n from accounts a join users u on u.id = a.user_id
              where u.username = ${user.username}`,
        )
      )[0]!.n;
    expect(await accountsOfNewcomer()).toBe(0);
    const response = await t.pay(a, user, 7);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      balanceAfter: 93,
      counterparty: { username: user.username },
    });
    expect((await newcomer.get('/me')).json().balance).toBe(7);
    expect(await accountsOfNewcomer()).toBe(1);
  });

  it('returns a leaving member’s balance to the system; the other side keeps its history', async () => {
    const [leaver, stayer] = [await t.member(), await t.member()];
    await t.pay(leaver, stayer, 20);
    expect((await leaver.client.delete('/me')).statusCode).toBe(200);
    const history = (await stayer.client.get('/transactions')).json();
    expect(history.items[0]).toMatchObject({ amount: 20, direction: 'in', counterparty: null });
    expect(await t.balanceOf(stayer)).toBe(120);
  });

  it('pays a renamed member under the new name at once; the old name is nobody’s (404)', async () => {
    const [a, b] = [await t.member(), await t.member()];
    expect((await t.pay(a, b, 1)).statusCode).toBe(201);
    const renamed = `${b.username.slice(0, 20)}_new`;
    const edit = await b.client.form('PUT', '/me', {
      username: renamed,
      fullName: 'Renamed Member',
      age: '30',
      bio: 'New name.',
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.pay(a, b, 1)).json()).toMatchObject({
      message: MONEY_MESSAGES.recipientNotFound,
    });
    const paid = await t.pay(a, { username: renamed }, 1);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().counterparty).toMatchObject({ id: b.id, fullName: 'Renamed Member' });
  });

  it('pays nothing to a member who left, even to a name looked up before they went', async () => {
    const [a, leaver] = [await t.member(), await t.member()];
    expect((await t.pay(a, leaver, 1)).statusCode).toBe(201);
    const before = await partiesOf(t.ctx.app.db, a.id, leaver.username);
    expect((await leaver.client.delete('/me')).statusCode).toBe(200);
    expect((await t.pay(a, leaver, 1)).json()).toMatchObject({
      message: MONEY_MESSAGES.recipientNotFound,
    });
    // A lookup older than the departure (a lost bus message): the statement itself refuses.
    const stale = sendMoney(
      t.ctx.app.db,
      t.ctx.app.events,
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
    expect(await t.balanceOf(a)).toBe(99);
  });

  it('keeps the ledger whole: entries sum to zero, balances equal their entries, none negative', () =>
    t.expectLedgerWhole());
});
