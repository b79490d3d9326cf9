import { SAFETY_MESSAGES } from '@devplay/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'privacy-admin@example.com';

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false, adminEmails: new Set([ADMIN_EMAIL]) });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
  expect((await admin.client.get('/me')).json().isAdmin).toBe(true);
});
afterAll(() => ctx.app.close());

const member = () => createMember(ctx);
const setPrivacy = (who: Member, privacy: object) => who.client.put('/me/privacy', privacy);
const message = (from: Member, to: Member) =>
  from.client.post('/messages', { receiverId: to.id, text: 'Hello there' });
const pay = (from: Member, to: Member) =>
  from.client.post('/transaction', {
    amount: 1.5,
    userName: to.username,
    idempotencyKey: randomUUID(),
  });
const balanceOf = async (who: Member) => (await who.client.get('/me')).json().balance as number;
const flags = async (viewer: Member, of: Member) => {
  const { canMessage, canSendMoney } = (await viewer.client.get(`/user/${of.username}`)).json();
  return { canMessage, canSendMoney };
};

/** The refusal and that it moved nothing: no message stored, no money. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  code: string,
  text: string,
) {
  const response = await send();
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code, message: text });
}

describe('POST /api/messages and the receiver’s messagesFrom', () => {
  it('nobody: refuses everyone, admins too, with MESSAGES_CLOSED; the profile agrees', async () => {
    const [receiver, sender] = [await member(), await member()];
    await setPrivacy(receiver, { messagesFrom: 'nobody' });
    await receiver.client.post('/follow', { username: sender.username });
    for (const from of [sender, admin]) {
      await expectRefused(
        () => message(from, receiver),
        'MESSAGES_CLOSED',
        SAFETY_MESSAGES.messagesClosed,
      );
      expect((await flags(from, receiver)).canMessage).toBe(false);
    }
    expect((await receiver.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
  });

  it('following: only whom the receiver follows; the profile follows each change', async () => {
    const [receiver, sender] = [await member(), await member()];
    await setPrivacy(receiver, { messagesFrom: 'following' });
    expect(await flags(sender, receiver)).toEqual({ canMessage: false, canSendMoney: true });
    await expectRefused(
      () => message(sender, receiver),
      'MESSAGES_CLOSED',
      SAFETY_MESSAGES.messagesClosed,
    );
    // The sender following the receiver is not enough: it is whom the receiver follows.
    await sender.client.post('/follow', { username: receiver.username });
    expect((await message(sender, receiver)).statusCode).toBe(403);
    await receiver.client.post('/follow', { username: sender.username });
    expect((await flags(sender, receiver)).canMessage).toBe(true);
    expect((await message(sender, receiver)).statusCode).toBe(201);
    await receiver.client.post('/unfollow', { username: sender.username });
    expect((await message(sender, receiver)).statusCode).toBe(403);
  });

  it('everyone (the default): anyone not blocked', async () => {
    const [receiver, sender] = [await member(), await member()];
    expect(await flags(sender, receiver)).toEqual({ canMessage: true, canSendMoney: true });
    expect((await message(sender, receiver)).statusCode).toBe(201);
    await setPrivacy(receiver, { messagesFrom: 'nobody' });
    await setPrivacy(receiver, { messagesFrom: 'everyone' });
    expect((await message(sender, receiver)).statusCode).toBe(201);
  });
});

describe('POST /api/transaction and the recipient’s transfersFrom', () => {
  it('nobody: refuses everyone, admins too, with TRANSFERS_CLOSED; nothing moves', async () => {
    const [recipient, sender] = [await member(), await member()];
    await setPrivacy(recipient, { transfersFrom: 'nobody' });
    const before = [await balanceOf(recipient), await balanceOf(sender)];
    for (const from of [sender, admin]) {
      await expectRefused(
        () => pay(from, recipient),
        'TRANSFERS_CLOSED',
        SAFETY_MESSAGES.transfersClosed,
      );
      expect((await flags(from, recipient)).canSendMoney).toBe(false);
    }
    expect([await balanceOf(recipient), await balanceOf(sender)]).toEqual(before);
    expect((await sender.client.get('/transactions')).json().items).toHaveLength(1);
  });

  it('following: only whom the recipient follows', async () => {
    const [recipient, sender] = [await member(), await member()];
    await setPrivacy(recipient, { transfersFrom: 'following' });
    expect(await flags(sender, recipient)).toEqual({ canMessage: true, canSendMoney: false });
    const before = await balanceOf(sender);
    await expectRefused(
      () => pay(sender, recipient),
      'TRANSFERS_CLOSED',
      SAFETY_MESSAGES.transfersClosed,
    );
    expect(await balanceOf(sender)).toBe(before);
    await recipient.client.post('/follow', { username: sender.username });
    expect((await flags(sender, recipient)).canSendMoney).toBe(true);
    expect((await pay(sender, recipient)).statusCode).toBe(201);
    expect(await balanceOf(sender)).toBe(before - 1.5);
    // Paid a moment ago and not followed any more: refused at once, whatever was kept.
    await recipient.client.post('/unfollow', { username: sender.username });
    expect((await pay(sender, recipient)).statusCode).toBe(403);
  });

  it('refuses at once a recipient who just closed, or blocked, after a payment went through', async () => {
    const [recipient, sender] = [await member(), await member()];
    expect((await pay(sender, recipient)).statusCode).toBe(201);
    await setPrivacy(recipient, { transfersFrom: 'nobody' });
    expect((await pay(sender, recipient)).statusCode).toBe(403);
    await setPrivacy(recipient, { transfersFrom: 'everyone' });
    expect((await pay(sender, recipient)).statusCode).toBe(201);
    await recipient.client.post('/block', { username: sender.username });
    const before = [await balanceOf(recipient), await balanceOf(sender)];
    for (const [from, to] of [
      [sender, recipient],
      [recipient, sender],
    ] as const) {
      await expectRefused(() => pay(from, to), 'BLOCKED', SAFETY_MESSAGES.blocked);
      expect((await flags(from, to)).canSendMoney).toBe(false);
    }
    expect([await balanceOf(recipient), await balanceOf(sender)]).toEqual(before);
  });
});
