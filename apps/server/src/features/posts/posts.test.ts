import { LIMITS, POST_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  newUser,
  sameUserElsewhere,
  signUpVerified,
  type Client,
  type TestContext,
  signUpUnverified,
} from '../../test/app';
import { publish, seedPosts, uploadImage, userIdOf, YOUTUBE_WATCH } from '../../test/factories';

// SPEC's texts, verbatim, so a wrong shared constant fails here.
const TITLE_TEXT = 'Please enter a title (3–100 characters).';
const DESCRIPTION_TEXT = 'Please enter a description (3–1000 characters).';
const MEDIA_TEXT = 'Please add at least an image or a YouTube link.';

let ctx: TestContext;
let author: Client;
let authorName: string;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set(['admin@example.com']), rateLimits: false });
  author = createClient(ctx.app);
  authorName = (await signUpVerified(ctx, author)).username;
});
afterAll(() => ctx.app.close());

const valid = {
  title: 'Frag highlights',
  description: 'Best clutch of the week',
  video: YOUTUBE_WATCH,
};

describe('POST /api/post', () => {
  it('answers 401 without a token and 403 before the e-mail is confirmed', async () => {
    expect((await createClient(ctx.app).post('/post', valid)).statusCode).toBe(401);
    const unverified = createClient(ctx.app);
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
    const response = await sameUserElsewhere(ctx.app, author).post('/post', { ...valid, ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
  });

  it("refuses an image that is not the author's own upload", async () => {
    const other = createClient(ctx.app);
    await signUpVerified(ctx, other);
    const theirs = await uploadImage(other);
    const response = await author.post('/post', { ...valid, video: undefined, image: theirs });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('image');
    const external = await author.post('/post', {
      ...valid,
      video: undefined,
      image: 'https://evil.example/x.png',
    });
    expect(external.statusCode).toBe(400);
  });

  it('publishes with an uploaded image and turns YouTube links into embed addresses', async () => {
    const image = await uploadImage(author);
    const response = await author.post('/post', { ...valid, image });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: valid.title,
      image,
      video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      author: { username: authorName },
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
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const response = await client.post('/post', { ...valid, video });
    expect(response.statusCode).toBe(201);
    expect(response.json().video).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });

  it('does not start the cooldown with a refused upload or a refused post', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
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
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    expect((await client.post('/post', valid)).statusCode).toBe(201);
    const again = await client.post('/post', valid);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'COOLDOWN',
      message: expect.stringMatching(/wait 1[45]s/),
    });
  });

  it('lets only one of two simultaneous posts through the cooldown', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const statuses = await Promise.all([client.post('/post', valid), client.post('/post', valid)]);
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });
});

describe('GET /api/posts', () => {
  it('answers 401 without a token and 400 for a damaged cursor', async () => {
    expect((await createClient(ctx.app).get('/posts')).statusCode).toBe(401);
    const response = await author.get('/posts?cursor=garbage');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('cursor');
  });

  // Pages read a few fixed row counts (post-queries.ts): sizes on and off those, and one short
  // of the whole list.
  it.each([20, 7, 44])(
    'pages newest first by cursor without gaps or repeats (%i a page)',
    async (limit) => {
      const client = createClient(ctx.app);
      const { username } = await signUpVerified(ctx, client);
      const id = await userIdOf(ctx, username);
      await seedPosts(ctx, id, 45);
      const seen: number[] = [];
      let pages = 0;
      let cursor: string | null = null;
      do {
        const page: { items: { id: number }[]; nextCursor: string | null } = (
          await client.get(
            `/posts?user_id=${id}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
          )
        ).json();
        expect(page.items.length).toBe(Math.min(limit, 45 - seen.length));
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(Math.ceil(45 / limit));
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
      expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    },
  );

  it('shows the following feed: the people one subscribes to, plus oneself', async () => {
    const [reader, followed, stranger] = [
      createClient(ctx.app),
      createClient(ctx.app),
      createClient(ctx.app),
    ];
    await signUpVerified(ctx, reader);
    const followedUser = await signUpVerified(ctx, followed);
    await signUpVerified(ctx, stranger);
    const own = await publish(ctx, reader);
    const theirs = await publish(ctx, followed);
    const strangers = await publish(ctx, stranger);
    await reader.post('/follow', { username: followedUser.username });
    const ids = (await reader.get('/posts?feed=following&limit=100'))
      .json()
      .items.map((p: { id: number }) => p.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(strangers.id);
  });

  it('answers a page in the same number of SQL statements whatever its size', async () => {
    const user = await signUpVerified(ctx, createClient(ctx.app));
    const userId = await userIdOf(ctx, user.username);
    await seedPosts(ctx, userId, 60);
    const countFor = async (url: string) => {
      // A token the server has not seen yet, so the member's lookup is always there to count
      // (a token seen a moment ago may be answered from the session cache).
      const client = createClient(ctx.app);
      client.token = (await client.post('/signin', user)).json().token;
      ctx.queries.count = 0;
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      return ctx.queries.count;
    };
    // Everyone's newest page is shared (feed-cache.test.ts counts it); one member's is not.
    const small = await countFor(`/posts?limit=2&user_id=${userId}`);
    const large = await countFor(`/posts?limit=50&user_id=${userId}`);
    const following = await countFor('/posts?limit=50&feed=following');
    expect(large).toBe(small);
    expect(following).toBe(small);
    // One statement to load the signed-in member, one for the page.
    expect(large).toBe(2);
  });
});

describe('DELETE /api/post/:id', () => {
  it('answers 401, 404, and 403 to someone who is not the author', async () => {
    const post = await publish(ctx, author);
    expect((await createClient(ctx.app).delete(`/post/${post.id}`)).statusCode).toBe(401);
    expect((await author.delete('/post/999999')).statusCode).toBe(404);
    const other = createClient(ctx.app);
    await signUpVerified(ctx, other);
    const response = await other.delete(`/post/${post.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(POST_MESSAGES.notAuthor);
  });

  it('lets the author delete the post and its image file', async () => {
    const image = await uploadImage(author);
    const post = await publish(ctx, author, { image });
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(200);
    expect((await author.delete(`/post/${post.id}`)).statusCode).toBe(200);
    expect((await author.get(`/comments-count/${post.id}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(404);
  });

  it('lets an admin delete anyone’s post', async () => {
    const post = await publish(ctx, author);
    const admin = createClient(ctx.app);
    await signUpVerified(ctx, admin, { ...newUser(), email: 'admin@example.com' });
    expect((await admin.delete(`/post/${post.id}`)).statusCode).toBe(200);
  });
});
