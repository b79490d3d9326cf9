import { ID_MESSAGE, NUL_MESSAGE } from '@devplay/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestContext } from './test/app';
import { createMember, publish, YOUTUBE_WATCH, type Member } from './test/factories';

// Each of these once reached PostgreSQL and came back as a 500. Ids are int4 columns, and
// PostgreSQL text cannot hold U+0000, so both are refused by the schemas with a 400 naming the field.

let ctx: TestContext;
let member: Member;
let peer: Member;
let postId: number;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  member = await createMember(ctx);
  peer = await createMember(ctx);
  postId = (await publish(ctx, peer.client)).id;
});
afterAll(() => ctx.app.close());

async function expectRefused(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR', field });
}

/** The first id PostgreSQL's int4 cannot hold. */
const TOO_BIG = 2 ** 31;

// The status each route answers for the largest id int4 holds, which matches no row: lists answer
// empty, everything aimed at one post, comment, message or member answers 404.
const idCases: [
  string,
  string,
  number,
  (c: Client, id: number) => Promise<LightMyRequestResponse>,
][] = [
  ['GET /post/:id', 'id', 404, (c, id) => c.get(`/post/${id}`)],
  ['DELETE /post/:id', 'id', 404, (c, id) => c.delete(`/post/${id}`)],
  ['GET /posts?user_id', 'user_id', 200, (c, id) => c.get(`/posts?user_id=${id}`)],
  ['POST /like', 'post_id', 404, (c, id) => c.post('/like', { post_id: id })],
  ['DELETE /like/:postId', 'postId', 404, (c, id) => c.delete(`/like/${id}`)],
  ['GET /likes/:postId', 'postId', 200, (c, id) => c.get(`/likes/${id}`)],
  ['GET /user-likes?user_id', 'user_id', 200, (c, id) => c.get(`/user-likes?user_id=${id}`)],
  ['GET /comments-count/:postId', 'postId', 404, (c, id) => c.get(`/comments-count/${id}`)],
  ['GET /comments/:postId', 'postId', 404, (c, id) => c.get(`/comments/${id}`)],
  ['POST /comment', 'postId', 404, (c, id) => c.post('/comment', { postId: id, text: 'hi' })],
  ['DELETE /comment/:id', 'id', 404, (c, id) => c.delete(`/comment/${id}`)],
  // The other member's id; named `id` like DELETE /messages/:id, since both share one path.
  ['GET /messages/:id', 'id', 404, (c, id) => c.get(`/messages/${id}`)],
  [
    'DELETE /messages/conversations/:userId',
    'userId',
    404,
    (c, id) => c.delete(`/messages/conversations/${id}`),
  ],
  ['DELETE /messages/:id', 'id', 404, (c, id) => c.delete(`/messages/${id}`)],
  [
    'POST /messages',
    'receiverId',
    404,
    (c, id) => c.post('/messages', { receiverId: id, text: 'hi' }),
  ],
];

describe('ids beyond int4', () => {
  it.each(idCases)('%s answers 400 for 2^31, naming %s', async (_, field, __, send) => {
    await expectRefused(await send(member.client, TOO_BIG), field, ID_MESSAGE);
  });

  it.each(idCases)(
    '%s (%s) answers %i for 2^31 - 1, so the bound is exact',
    async (_, __, status, send) => {
      const response = await send(member.client, TOO_BIG - 1);
      expect(response.statusCode, response.body).toBe(status);
    },
  );
});

describe('NUL characters in text', () => {
  const nul = 'a\u0000b';
  const transfer = { amount: 1, userName: 'someone', idempotencyKey: 'key-0000001' };

  const post = (patch: object) => ({
    title: 'Hello',
    description: 'long enough',
    video: YOUTUBE_WATCH,
    ...patch,
  });
  const profile = (patch: object) => ({
    username: member.username,
    fullName: 'Ada',
    age: '30',
    bio: 'Writes engines.',
    ...patch,
  });

  const cases: [string, string, (c: Client) => Promise<LightMyRequestResponse>][] = [
    ['a post title', 'title', (c) => c.post('/post', post({ title: nul }))],
    ['a post description', 'description', (c) => c.post('/post', post({ description: nul }))],
    ['a video link', 'video', (c) => c.post('/post', post({ video: `https://${nul}` }))],
    ['a comment', 'text', (c) => c.post('/comment', { postId, text: nul })],
    ['a message', 'text', (c) => c.post('/messages', { receiverId: peer.id, text: nul })],
    ['a transfer note', 'note', (c) => c.post('/transaction', { ...transfer, note: nul })],
    ['a recipient', 'userName', (c) => c.post('/transaction', { ...transfer, userName: nul })],
    [
      'a transfer key',
      'idempotencyKey',
      (c) => c.post('/transaction', { ...transfer, idempotencyKey: `key-000${nul}` }),
    ],
    ['a full name', 'fullName', (c) => c.form('PUT', '/me', profile({ fullName: nul }))],
    ['a bio', 'bio', (c) => c.form('PUT', '/me', profile({ bio: nul }))],
    ['a profile path', 'username', (c) => c.get('/user/%00')],
    ['a followers path', 'username', (c) => c.get('/followers/a%00')],
    ['a search query', 'query', (c) => c.get('/users?query=a%00')],
    ['a cursor', 'cursor', (c) => c.get('/posts?cursor=%00')],
  ];

  it.each(cases)('in %s answers 400 naming %s', async (_, field, send) => {
    await expectRefused(await send(member.client), field, NUL_MESSAGE);
  });
});

describe('cursors JavaScript reads but PostgreSQL refuses', () => {
  const cursor = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const time = '2020-01-01T00:00:00.000000Z';
  const lists = (id: number) => [
    '/posts',
    `/comments/${postId}`,
    `/messages/${id}`,
    '/transactions',
    `/followers/${member.username}`,
  ];

  it.each([
    ['a time of "1"', { t: '1', id: 1 }],
    ['February 30th', { t: '2020-02-30T00:00:00Z', id: 1 }],
    ['an id of 3e9', { t: time, id: 3e9 }],
    ['a negative id', { t: time, id: -1 }],
  ])('%s is a 400 on every list', async (_, value) => {
    for (const list of lists(peer.id)) {
      await expectRefused(
        await member.client.get(`${list}?cursor=${cursor(value)}`),
        'cursor',
        'Invalid cursor',
      );
    }
  });
});
