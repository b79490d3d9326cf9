import { NOTIFICATION_TYPES } from '@devplay/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { exportOf, jsonIn } from '../../test/archives';
import { NEXT_YEAR } from '../../test/calendar-days';
import { createMember, publish, uploadImage, type Member } from '../../test/factories';
import { pngImage } from '../../test/multipart';

/**
 * What an archive holds, file by file, for a member who did a bit of everything with a second
 * member (Bea) who did too: of Bea, only her username may show, and only where she dealt with
 * the member; of a third (Cy), likewise.
 */
let ctx: TestContext;
let ada: Member;
let bea: Member;
let cy: Member;
let files: Record<string, Uint8Array>;
let adaPost: { id: number; image: string | null };
let beaPost: { id: number };
let avatar: string;

const BEA_SECRETS = {
  fullName: 'Beatrice Hidden-Surname',
  bio: 'Bea private bio words',
  postText: 'Bea post description words',
  commentOnAda: 'Bea comment words under Ada',
  messageToCy: 'Bea to Cy private words',
  noteToCy: 'Bea to Cy note words',
};

/** Every step of the seed must have happened, or the checks below would prove nothing. */
function ok(response: { statusCode: number; body: string }) {
  if (response.statusCode >= 300)
    throw new Error(`seed failed: ${response.statusCode} ${response.body}`);
}

const send = (from: Member, to: Member, text: string) =>
  from.client.post('/messages', { receiverId: to.id, text });
const pay = (from: Member, to: Member, amount: number, note: string) =>
  from.client.post('/transaction', {
    amount,
    userName: to.username,
    note,
    idempotencyKey: randomUUID(),
  });
const profileForm = (member: Member, fields: Record<string, string>) =>
  member.client.form('PUT', '/me', { username: member.username, age: '30', ...fields });

beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  [ada, bea, cy] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];

  ok(
    await ada.client.form('PUT', '/me', {
      username: ada.username,
      fullName: 'Ada Lovelace',
      age: '36',
      bio: 'Counts engines.',
      avatar: await pngImage(80, 80),
    }),
  );
  avatar = (await ada.client.get('/me')).json().avatar;
  ok(await profileForm(bea, { fullName: BEA_SECRETS.fullName, bio: BEA_SECRETS.bio }));
  ok(await ada.client.put('/me/privacy', { messagesFrom: 'following', transfersFrom: 'everyone' }));
  ok(await ada.client.put('/notifications/settings', { like: false }));

  adaPost = await publish(ctx, ada.client, {
    title: 'Ada engine',
    image: await uploadImage(ada.client),
  });
  await publish(ctx, ada.client, { title: 'Ada plain post' });
  beaPost = await publish(ctx, bea.client, {
    title: 'Bea public title',
    description: BEA_SECRETS.postText,
  });

  ok(await ada.client.post('/comment', { postId: beaPost.id, text: 'Ada comments on Bea' }));
  ok(await bea.client.post('/comment', { postId: adaPost.id, text: BEA_SECRETS.commentOnAda }));
  ok(await ada.client.post('/like', { post_id: beaPost.id }));
  ok(await bea.client.post('/like', { post_id: adaPost.id }));
  ok(await ada.client.post('/follow', { username: bea.username }));
  ok(await cy.client.post('/follow', { username: ada.username }));
  ok(await bea.client.post('/follow', { username: cy.username }));

  ok(await send(ada, bea, 'Hello Bea, from Ada'));
  ok(await send(bea, ada, 'Hello Ada, from Bea'));
  ok(await send(bea, cy, BEA_SECRETS.messageToCy));
  ok(await pay(ada, bea, 5, 'Ada pays Bea'));
  ok(await pay(bea, ada, 2.5, 'Bea pays Ada back'));
  ok(await pay(bea, cy, 1, BEA_SECRETS.noteToCy));
  ok(await ada.client.post('/calendar', { date: `${NEXT_YEAR}-03-02`, type: 'sick' }));
  ok(await bea.client.post('/calendar', { date: `${NEXT_YEAR}-03-03`, type: 'unpaid' }));

  files = await exportOf(ada);
});
afterAll(() => ctx.app.close());

/** Every JSON file of the archive, as one text. */
const jsonText = () =>
  Object.keys(files)
    .filter((name) => name.endsWith('.json'))
    .map((name) => new TextDecoder().decode(files[name]))
    .join('\n');
const mediaName = (url: string) => `media/${url.split('/').at(-1)}`;

describe('the archive of a member', () => {
  it('holds the profile and settings, never a secret of the account', async () => {
    expect(jsonIn(files, 'profile.json')).toEqual({
      username: ada.username,
      email: ada.email,
      fullName: 'Ada Lovelace',
      age: 36,
      bio: 'Counts engines.',
      avatar: mediaName(avatar),
      emailConfirmed: true,
      createdAt: expect.any(String),
      balance: 97.5,
      privacy: { messagesFrom: 'following', transfersFrom: 'everyone' },
      // Every kind on, but the one switched off.
      notifications: {
        ...Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])),
        like: false,
      },
    });
    expect(jsonText()).not.toMatch(/argon2|password|secret|token|recovery/i);
  });

  it('holds the member’s posts with their counts, and their images under media/', () => {
    expect(jsonIn(files, 'posts.json')).toEqual([
      expect.objectContaining({
        id: adaPost.id,
        title: 'Ada engine',
        image: mediaName(adaPost.image!),
        likesCount: 1,
        commentsCount: 1,
        createdAt: expect.any(String),
      }),
      expect.objectContaining({ title: 'Ada plain post', image: null, likesCount: 0 }),
    ]);
  });

  it('holds the member’s comments with their post, and the posts they like', () => {
    expect(jsonIn(files, 'comments.json')).toEqual([
      expect.objectContaining({
        postId: beaPost.id,
        postTitle: 'Bea public title',
        text: 'Ada comments on Bea',
      }),
    ]);
    expect(jsonIn(files, 'likes.json')).toEqual([
      {
        postId: beaPost.id,
        postTitle: 'Bea public title',
        author: bea.username,
        likedAt: expect.any(String),
      },
    ]);
  });

  it('holds whom the member follows and who follows them, by username', () => {
    expect(jsonIn(files, 'follows.json')).toEqual({
      following: [{ username: bea.username, since: expect.any(String) }],
      followers: [{ username: cy.username, since: expect.any(String) }],
    });
  });

  it('holds the member’s conversations both ways, each with the other’s username', () => {
    expect(jsonIn(files, 'messages.json')).toEqual([
      expect.objectContaining({
        direction: 'sent',
        with: bea.username,
        text: 'Hello Bea, from Ada',
      }),
      expect.objectContaining({
        direction: 'received',
        with: bea.username,
        text: 'Hello Ada, from Bea',
      }),
    ]);
  });

  it('holds the member’s transactions both ways, the system’s credit without a counterpart', () => {
    expect(jsonIn(files, 'transactions.json')).toEqual([
      expect.objectContaining({ kind: 'welcome', direction: 'in', amount: 100, counterpart: null }),
      expect.objectContaining({
        direction: 'out',
        amount: 5,
        note: 'Ada pays Bea',
        counterpart: bea.username,
        balanceAfter: 95,
      }),
      expect.objectContaining({ direction: 'in', amount: 2.5, counterpart: bea.username }),
    ]);
  });

  it('holds the member’s own leave days', () => {
    expect(jsonIn(files, 'calendar.json')).toEqual([{ date: `${NEXT_YEAR}-03-02`, type: 'sick' }]);
  });

  it('holds the member’s images as stored, and no one else’s', async () => {
    const media = Object.keys(files).filter((name) => name.startsWith('media/'));
    expect(media.sort()).toEqual([mediaName(avatar), mediaName(adaPost.image!)].sort());
    for (const url of [avatar, adaPost.image!]) {
      const stored = await ctx.app.inject({ url });
      expect(Buffer.from(files[mediaName(url)]!).equals(stored.rawPayload), url).toBe(true);
    }
  });

  it('leaks nothing of another member beyond their username', () => {
    const all = jsonText();
    for (const [what, secret] of Object.entries({ ...BEA_SECRETS, email: bea.email })) {
      expect(all, what).not.toContain(secret);
    }
    expect(all).not.toContain(cy.email);
    expect(all).not.toContain(`${NEXT_YEAR}-03-03`);
  });
});
