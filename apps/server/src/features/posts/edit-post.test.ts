import { LIMITS, POST_MESSAGES, UPLOAD_MESSAGES, type Post } from '@devplay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, signUpUnverified } from '../../test/app';
import {
  createMember,
  publish,
  uploadImage,
  YOUTUBE_WATCH,
  type Member,
} from '../../test/factories';
import { useMembers } from './edit-test-kit';

// SPEC's texts, verbatim, so a wrong shared constant fails here.
const TITLE_TEXT = 'Please enter a title (3–100 characters).';
const MEDIA_TEXT = 'Please add at least an image or a YouTube link.';

const t = useMembers();
let author: Member;
let other: Member;
let admin: Member;
beforeAll(() => ({ author, other, admin } = t));

const patch = (member: Member, id: number, body: object) =>
  member.client.patch(`/post/${id}`, body);

describe('PATCH /api/post/:id refusals', () => {
  it('answers 401 without a token, 403 before the e-mail is confirmed', async () => {
    const post = await publish(t.ctx, author.client);
    expect((await createClient(t.ctx.app).patch(`/post/${post.id}`, {})).statusCode).toBe(401);
    const unverified = createClient(t.ctx.app);
    await signUpUnverified(unverified);
    const response = await unverified.patch(`/post/${post.id}`, { title: 'Other title' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it("answers 403 for someone else's post, an admin's hand included, and changes nothing", async () => {
    const post = await publish(t.ctx, author.client);
    for (const member of [other, admin]) {
      const response = await patch(member, post.id, { title: 'Taken over' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(POST_MESSAGES.notAuthorEdit);
    }
    const read = await author.client.get(`/post/${post.id}`);
    expect(read.json()).toMatchObject({ title: 'Hello DevPlay', editedAt: null });
  });

  it('answers 404 for a post that is gone, 400 for a bad id', async () => {
    const post = await publish(t.ctx, author.client);
    await author.client.delete(`/post/${post.id}`);
    expect((await patch(author, post.id, { title: 'Too late' })).statusCode).toBe(404);
    expect((await author.client.patch('/post/abc', { title: 'Nope!' })).statusCode).toBe(400);
    expect((await author.client.patch('/post/99999999999', { title: 'Nope!' })).statusCode).toBe(
      400,
    );
  });

  it.each([
    [{ title: 'ab' }, 'title', TITLE_TEXT],
    [{ title: '   ' }, 'title', TITLE_TEXT],
    [{ title: 'x'.repeat(101) }, 'title', TITLE_TEXT],
    [{ title: 42 }, 'title', TITLE_TEXT],
    [{ description: 'x'.repeat(1001) }, 'description', POST_MESSAGES.description],
    [{ description: 'a\u0000bc' }, 'description', 'Text must not contain a NUL character'],
    [{ video: 'javascript:alert(1)' }, 'video', POST_MESSAGES.videoInvalid],
    [{ imageAlt: 'x'.repeat(LIMITS.imageAltMax + 1) }, 'imageAlt', POST_MESSAGES.imageAltTooLong],
    [{ imageAlt: ['alt'] }, 'imageAlt', undefined],
  ])('answers 400 for %o under the field', async (body, field, message) => {
    const post = await publish(t.ctx, author.client);
    const response = await patch(author, post.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().message).toBe(message);
  });

  it('refuses to leave a post with neither an image nor a video', async () => {
    const post = await publish(t.ctx, author.client);
    for (const video of [null, '', 'any']) {
      const response = await patch(author, post.id, { video });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: MEDIA_TEXT, field: 'image' });
    }
  });

  it("refuses an image that is not the author's own upload", async () => {
    const post = await publish(t.ctx, author.client);
    const theirs = await uploadImage(other.client);
    const response = await patch(author, post.id, { image: theirs });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: UPLOAD_MESSAGES.imageUnknown,
      field: 'image',
    });
  });
});

describe('PATCH /api/post/:id', () => {
  it('changes what is sent, keeps what is omitted, and marks the post edited', async () => {
    const post = await publish(t.ctx, author.client, { description: 'Before the edit' });
    const response = await patch(author, post.id, { title: '  After the edit  ' });
    expect(response.statusCode).toBe(200);
    const edited = response.json() as Post;
    expect(edited).toMatchObject({ title: 'After the edit', description: 'Before the edit' });
    expect(edited.video).toBe(post.video);
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(edited.createdAt));
    expect((await other.client.get(`/post/${post.id}`)).json()).toMatchObject({
      title: 'After the edit',
      editedAt: edited.editedAt,
    });
  });

  it('is not held by the publishing cooldown', async () => {
    const post = await publish(t.ctx, author.client);
    // Right after publishing: a second post would wait, an edit does not.
    expect(
      (
        await author.client.post('/post', {
          title: 'Again!',
          description: 'Again!',
          video: YOUTUBE_WATCH,
        })
      ).statusCode,
    ).toBe(422);
    expect((await patch(author, post.id, { description: 'Typo fixed' })).statusCode).toBe(200);
  });

  it('leaves editedAt alone when nothing changes', async () => {
    const post = await publish(t.ctx, author.client);
    const response = await patch(author, post.id, { title: 'Hello DevPlay' });
    expect(response.statusCode).toBe(200);
    expect(response.json().editedAt).toBeNull();
  });

  it('adds, replaces and removes the picture; the old file goes, alt text with the last one', async () => {
    const post = await publish(t.ctx, author.client);
    const first = await uploadImage(author.client);
    const added = await patch(author, post.id, { image: first, imageAlt: 'A map overview' });
    expect(added.json()).toMatchObject({ image: first, imageAlt: 'A map overview' });

    const second = await uploadImage(author.client);
    const replaced = await patch(author, post.id, { image: second });
    expect(replaced.json()).toMatchObject({ image: second, imageAlt: 'A map overview' });
    expect((await t.ctx.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.ctx.app.inject({ url: second })).statusCode).toBe(200);

    const cleared = await patch(author, post.id, { imageAlt: '' });
    expect(cleared.json().imageAlt).toBeNull();
    await patch(author, post.id, { imageAlt: 'Back again' });
    const removed = await patch(author, post.id, { image: null });
    expect(removed.json()).toMatchObject({ image: null, imageAlt: null });
    expect((await t.ctx.app.inject({ url: second })).statusCode).toBe(404);
  });

  it('turns a picture post into a video post and back', async () => {
    const image = await uploadImage(author.client);
    const post = await publish(t.ctx, author.client, { image, video: undefined });
    const video = await patch(author, post.id, { image: '', video: YOUTUBE_WATCH });
    expect(video.json()).toMatchObject({
      image: null,
      video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
  });
});

describe('POST /api/post imageAlt', () => {
  it('keeps the description of the picture, and none without a picture', async () => {
    const member = await createMember(t.ctx);
    const image = await uploadImage(member.client);
    const withAlt = await publish(t.ctx, member.client, {
      image,
      video: undefined,
      imageAlt: ' Two players ',
    });
    expect(withAlt).toMatchObject({ imageAlt: 'Two players', editedAt: null });
    const noImage = await publish(t.ctx, member.client, { imageAlt: 'Nothing to describe' });
    expect(noImage).toMatchObject({ imageAlt: null });
  });
});
