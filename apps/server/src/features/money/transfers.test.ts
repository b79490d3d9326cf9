import { MONEY_MESSAGES } from '@devplay/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createClient, signUpUnverified } from '../../test/app';
import { useMoney } from '../../test/money';

const t = useMoney();

describe('sending money', () => {
  it('answers 401 without a token and 403 to an unconfirmed member', async () => {
    const anonymous = createClient(t.ctx.app);
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
    const unverified = createClient(t.ctx.app);
    await signUpUnverified(unverified);
    const b = await t.member();
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
    const [a, b] = [await t.member(), await t.member()];
    const response = await t.pay(a, b, 1, patch);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.balanceOf(a)).toBe(100);
  });

  it('refuses an unknown recipient (404) and oneself (400)', async () => {
    const a = await t.member();
    expect((await t.pay(a, { username: 'nobody_here' }, 1)).json()).toMatchObject({
      message: MONEY_MESSAGES.recipientNotFound,
    });
    expect((await t.pay(a, a, 1)).json()).toMatchObject({ message: MONEY_MESSAGES.toSelf });
  });

  it('refuses more than the balance with 422 INSUFFICIENT_FUNDS', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const response = await t.pay(a, b, '100.01');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: MONEY_MESSAGES.insufficientFunds,
    });
    expect([await t.balanceOf(a), await t.balanceOf(b)]).toEqual([100, 100]);
  });

  it('sends 12.34 € exactly and shows it on both sides, newest first', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const response = await t.pay(a, b, 12.34, { note: 'pizza' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      amount: 12.34,
      direction: 'out',
      kind: 'transfer',
      note: 'pizza',
      balanceAfter: 87.66,
      counterparty: { username: b.username },
    });
    expect([await t.balanceOf(a), await t.balanceOf(b)]).toEqual([87.66, 112.34]);
    const incoming = (await b.client.get('/transactions')).json();
    expect(incoming.items[0]).toMatchObject({
      direction: 'in',
      amount: 12.34,
      balanceAfter: 112.34,
      counterparty: { username: a.username },
    });
    expect(incoming.items[1]).toMatchObject({ kind: 'welcome' });
  });

  it('adds cents exactly: 0.10 then 0.20 leaves 99.70', async () => {
    const [a, b] = [await t.member(), await t.member()];
    await t.pay(a, b, 0.1);
    await t.pay(a, b, '0.20');
    expect(await t.balanceOf(a)).toBe(99.7);
  });

  it('answers a replayed key with the original transfer and moves nothing again; other details get 409', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const idempotencyKey = randomUUID();
    const first = await t.pay(a, b, 5, { idempotencyKey });
    const again = await t.pay(a, b, 5, { idempotencyKey });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await t.balanceOf(a)).toBe(95);
    const changed = await t.pay(a, b, 6, { idempotencyKey });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('never overdraws under concurrent sends, and the same key sent at once counts once', async () => {
    const [a, b] = [await t.member(), await t.member()];
    const results = await Promise.all(Array.from({ length: 15 }, () => t.pay(a, b, 10)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(await t.balanceOf(a)).toBe(0);

    const idempotencyKey = randomUUID();
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => t.pay(b, a, 1, { idempotencyKey })),
    );
    expect(new Set(replays.map((r) => r.json().id)).size).toBe(1);
    expect(await t.balanceOf(a)).toBe(1);
  });

  it('keeps the ledger whole: entries sum to zero, balances equal their entries, none negative', () =>
    t.expectLedgerWhole());
});
