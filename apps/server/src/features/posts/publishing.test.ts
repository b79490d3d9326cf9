import { LIMITS, POST_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  sameUserElsewhere,
  signUpVerified,
  signUpUnverified,
  useAuthor,
} from '../../test/app';
import { uploadImage, YOUTUBE_WATCH } from '../../test/factories';

// SPEC's texts, verbatim, so a wrong shared constant fails here.
const TITLE_TEXT = 'Please enter a title (3–100 characters).';
const DESCRIPTION_TEXT = 'Please enter a description (3–1000 characters).';
const MEDIA_TEXT = 'Please add at least an image or a YouTube link.';

const t = useAuthor({ adminEmails: new Set(['admin@example.com']), rateLimits: false });

const valid = {
  title: 'Frag highlights',
  description: 'Best clutch of the week',
  video: YOUTUBE_WATCH,
};

describe('POST /api/post', () => {
  it('answers 401 without a token and 403 before the e-mail is confirmed', async () => {
    expect((await createClient(t.ctx.app).post('/post', valid)).statusCode).toBe(401);
    const unverified = createClient(t.ctx.app);
    await signUpUnverified(unverified);
    const response = await unverified.post('/post', valid);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it.each([
    [{ title: '  ab ' }, 'title', TITLE_TEXT],
    [{ title: 'x'.repeat(101) }, 'title', TITLE_TEXT],
    [{ title: '     ' }, 'title', TITLE_TEXT],
    [{ description: 'ab' }, 'description', DESCRIPTION_TEXT],
    [{ description: 'x'.repeat(1001) }, 'description', DESCRIPTION_TEXT],
    [{ video: undefined }, 'image', MEDIA_TEXT],
    [{ video: 'any' }, 'image', MEDIA_TEXT],
    [{ video: `https://youtu.be/${'x'.repeat(500)}` }, 'video', POST_MESSAGES.videoTooLong],
    [{ video: 'javascript:alert(1)' }, 'video', POST_MESSAGES.videoInvalid],
    [{ video: 'https://vimeo.com/76979871' }, 'video', POST_MESSAGES.videoInvalid],
    [{ video: 'https://www.youtube.com/@devplay' }, 'video', POST_MESSAGES.videoInvalid],
    [{ video: 'https://www.youtube.com/watch?list=PL123' }, 'video', POST_MESSAGES.videoInvalid],
  ])('answers 400 for %o with the spec message under the field', async (patch, field, message) => {
    const response = await sameUserElsewhere(t.ctx.app, t.author).post('/post', {
      ...valid,
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
  });

  it("refuses an image that is not the author's own upload", async () => {
    const other = createClient(t.ctx.app);
    await signUpVerified(t.ctx, other);
    const theirs = await uploadImage(other);
    const response = await t.author.post('/post', { ...valid, video: undefined, image: theirs });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('image');
    const external = await t.author.post('/post', {
      ...valid,
      video: undefined,
      image: 'https://evil.example/x.png',
    });
    expect(external.statusCode).toBe(400);
  });

  it('publishes with an uploaded image and turns YouTube links into embed addresses', async () => {
    const image = await uploadImage(t.author);
    const response = await t.author.post('/post', { ...valid, image });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: valid.title,
      image,
      video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      author: { username: t.authorName },
      likesCount: 0,
      likedByMe: false,
      commentsCount: 0,
    });
  });

  it.each([
    'http://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://youtube.com/embed/dQw4w9WgXcQ',
  ])('takes the YouTube form %s and stores its embed address', async (video) => {
    const client = createClient(t.ctx.app);
    await signUpVerified(t.ctx, client);
    const response = await client.post('/post', { ...valid, video });
    expect(response.statusCode).toBe(201);
    expect(response.json().video).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  it('does not start the cooldown with a refused upload or a refused post', async () => {
    const client = createClient(t.ctx.app);
    await signUpVerified(t.ctx, client);
    const notAnImage = { filename: 'a.png', contentType: 'image/png', data: Buffer.from('text') };
    const tooBig = { ...notAnImage, data: Buffer.alloc(LIMITS.imageMaxBytes + 1, 1) };
    expect((await client.form('POST', '/upload-image', { image: notAnImage })).statusCode).toBe(
      415,
    );
    expect((await client.form('POST', '/upload-image', { image: tooBig })).statusCode).toBe(413);
    const refused = await client.post('/post', { ...valid, video: 'https://vimeo.com/1' });
    expect(refused.statusCode).toBe(400);
    expect((await client.post('/post', valid)).statusCode).toBe(201);
  });

  it('answers 422 within 15 s of the previous post, with the seconds left', async () => {
    const client = createClient(t.ctx.app);
    await signUpVerified(t.ctx, client);
    expect((await client.post('/post', valid)).statusCode).toBe(201);
    const again = await client.post('/post', valid);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'COOLDOWN',
      message: expect.stringMatching(/wait 1[45]s/),
    });
  });

  it('lets only one of two simultaneous posts through the cooldown', async () => {
    const client = createClient(t.ctx.app);
    await signUpVerified(t.ctx, client);
    const statuses = await Promise.all([client.post('/post', valid), client.post('/post', valid)]);
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });
});
