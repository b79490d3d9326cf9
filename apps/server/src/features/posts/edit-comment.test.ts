import { COMMENT_MESSAGES, type Comment, type Post } from '@devplay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, signUpUnverified } from '../../test/app';
import { publish, type Member } from '../../test/factories';
import { useMembers } from './edit-test-kit';

const t = useMembers();
let author: Member;
let other: Member;
let admin: Member;
beforeAll(() => ({ author, other, admin } = t));

async function commentOn(member: Member, text = 'First!') {
  const post = await publish(t.ctx, author.client);
  const response = await member.client.post('/comment', { postId: post.id, text });
  expect(response.statusCode).toBe(201);
  return response.json() as Comment;
}

describe('PATCH /api/comment/:id', () => {
  it('answers 401 without a token, 403 before the e-mail is confirmed', async () => {
    const comment = await commentOn(other);
    const anonymous = createClient(t.ctx.app);
    expect((await anonymous.patch(`/comment/${comment.id}`, { text: 'x' })).statusCode).toBe(401);
    const unverified = createClient(t.ctx.app);
    await signUpUnverified(unverified);
    expect((await unverified.patch(`/comment/${comment.id}`, { text: 'x' })).statusCode).toBe(403);
  });

  it("answers 403 for someone else's comment, the post's author and an admin included", async () => {
    const comment = await commentOn(other);
    for (const member of [author, admin]) {
      const response = await member.client.patch(`/comment/${comment.id}`, { text: 'Mine now' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(COMMENT_MESSAGES.notAuthorEdit);
    }
  });

  it('answers 404 for a comment that is gone', async () => {
    const comment = await commentOn(other);
    await other.client.delete(`/comment/${comment.id}`);
    const response = await other.client.patch(`/comment/${comment.id}`, { text: 'Too late' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    [{ text: '   ' }, COMMENT_MESSAGES.empty],
    [{ text: 'x'.repeat(1001) }, COMMENT_MESSAGES.tooLong],
    [{ text: 'a\u0000b' }, 'Text must not contain a NUL character'],
    [{ text: 7 }, COMMENT_MESSAGES.empty],
    [{}, COMMENT_MESSAGES.empty],
  ])('answers 400 for %o', async (body, message) => {
    const comment = await commentOn(other);
    const response = await other.client.patch(`/comment/${comment.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field: 'text' });
  });

  it('rewrites the text, marks it edited, and every reader sees it', async () => {
    const comment = await commentOn(other, 'Frist!');
    expect(comment.editedAt).toBeNull();
    const response = await other.client.patch(`/comment/${comment.id}`, { text: ' First! ' });
    expect(response.statusCode).toBe(200);
    const edited = response.json() as Comment;
    expect(edited).toMatchObject({ id: comment.id, text: 'First!', createdAt: comment.createdAt });
    expect(edited.editedAt).not.toBeNull();
    const listed = await author.client.get(`/comments/${comment.postId}`);
    expect(listed.json().items).toEqual([edited]);
    const same = await other.client.patch(`/comment/${comment.id}`, { text: 'First!' });
    expect(same.json().editedAt).toBe(edited.editedAt);
  });
});

describe('an edit and the feed caches', () => {
  it('answers the If-None-Match of the page before the edit with the new text, not 304', async () => {
    const post = await publish(t.ctx, author.client);
    for (const url of ['/posts?limit=20', '/posts?limit=20&feed=following']) {
      const reader = url.includes('following') ? author : other;
      const before = await reader.client.get(url);
      const etag = String(before.headers.etag);
      expect((await reader.client.get(url, { 'if-none-match': etag })).statusCode).toBe(304);
      const title = `Edited for ${url.length}`;
      expect((await author.client.patch(`/post/${post.id}`, { title })).statusCode).toBe(200);
      const after = await reader.client.get(url, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      const shown = (after.json().items as Post[]).find((item) => item.id === post.id);
      expect(shown).toMatchObject({ title });
      expect(shown?.editedAt).not.toBeNull();
    }
  });

  it("shows the edit in the author's own list", async () => {
    const post = await publish(t.ctx, author.client);
    await author.client.patch(`/post/${post.id}`, { description: 'Rewritten description' });
    const listed = await other.client.get(`/posts?user_id=${author.id}`);
    expect((listed.json().items as Post[])[0]).toMatchObject({
      id: post.id,
      description: 'Rewritten description',
    });
  });
});
