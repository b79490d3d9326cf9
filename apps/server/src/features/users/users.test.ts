import { PROFILE_MESSAGES } from '@devplay/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, STRONG_PASSWORD, type TestContext } from '../../test/app';
import { publish, uploadImage, createMember } from '../../test/factories';
import { pngImage } from '../../test/multipart';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const member = (patch: Parameters<typeof createMember>[1] = {}) => createMember(ctx, patch);

const profileForm = {
  username: 'placeholder',
  fullName: 'Ada Lovelace',
  age: '36',
  bio: 'Writes engines.',
};

describe('GET /api/user/:username', () => {
  it('answers 401 without a token and 404 with the spec text for an unknown member', async () => {
    expect((await createClient(ctx.app).get('/user/anyone')).statusCode).toBe(401);
    const { client } = await member();
    const response = await client.get('/user/nobody_at_all');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User not found');
  });

  it('answers the profile with counts, isMe and isFollowing, whatever the case of the name', async () => {
    const a = await member();
    const b = await member();
    await publish(ctx, b.client);
    await a.client.post('/follow', { username: b.username });
    const profile = (await a.client.get(`/user/${b.username.toUpperCase()}`)).json();
    expect(profile).toMatchObject({
      username: b.username,
      posts_count: 1,
      followersCount: 1,
      isFollowing: true,
      isMe: false,
    });
    expect(profile).not.toHaveProperty('email');
    expect((await a.client.get(`/user/${a.username}`)).json().isMe).toBe(true);
  });
});

describe('GET /api/users', () => {
  it('finds members whose username or full name starts with the text, case-insensitively', async () => {
    const a = await member({ username: `Zeta_${Date.now() % 100000}` });
    await a.client.form('PUT', '/me', {
      ...profileForm,
      username: a.username,
      fullName: 'Quentin Blake',
    });
    const byUsername = (await a.client.get('/users?query=zeta_')).json();
    expect(byUsername.map((u: { username: string }) => u.username)).toContain(a.username);
    const byFullName = (await a.client.get('/users?query=QUENT')).json();
    expect(byFullName.map((u: { username: string }) => u.username)).toContain(a.username);
    expect((await a.client.get('/users?query=blake')).json()).toEqual([]);
    expect((await a.client.get('/users?query=%25')).json()).toEqual([]);
  });

  it('suggests members one does not follow yet, never oneself', async () => {
    const a = await member();
    const b = await member();
    await a.client.post('/follow', { username: b.username });
    const suggested = (await a.client.get('/users?suggest=true&limit=50'))
      .json()
      .map((u: { username: string }) => u.username);
    expect(suggested).not.toContain(a.username);
    expect(suggested).not.toContain(b.username);
  });
});

describe('PUT /api/me', () => {
  it('answers 401 without a token', async () => {
    expect(
      (await createClient(ctx.app).put('/me', { currentPassword: 'x', newPassword: 'y' }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    [{ fullName: '' }, 'fullName', PROFILE_MESSAGES.enterFullName],
    [{ age: '0' }, 'age', 'Age must be a positive number'],
    [{ age: '-4' }, 'age', 'Age must be a positive number'],
    [{ age: 'old' }, 'age', 'Age must be a positive number'],
    [{ bio: '  ' }, 'bio', PROFILE_MESSAGES.enterBio],
    [{ username: 'ab' }, 'username', 'Minimum 3 characters'],
  ])('refuses a profile with %o (400) and changes nothing', async (patch, field, message) => {
    const a = await member();
    const response = await a.client.form('PUT', '/me', {
      ...profileForm,
      username: a.username,
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
    expect((await a.client.get('/me')).json().fullName).toBe(a.username);
  });

  it('refuses a username someone else has (409)', async () => {
    const a = await member();
    const b = await member();
    const response = await a.client.form('PUT', '/me', {
      ...profileForm,
      username: b.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().field).toBe('username');
  });

  it('updates the profile and stores the avatar as a 256 px WebP, replacing the old one', async () => {
    const a = await member();
    const first = await a.client.form('PUT', '/me', {
      ...profileForm,
      username: a.username,
      avatar: await pngImage(800, 600),
    });
    expect(first.statusCode).toBe(200);
    const me = first.json();
    expect(me).toMatchObject({ fullName: 'Ada Lovelace', age: 36, bio: 'Writes engines.' });
    const avatar = await ctx.app.inject({ url: me.avatar });
    const meta = await sharp(avatar.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const second = (
      await a.client.form('PUT', '/me', {
        ...profileForm,
        username: a.username,
        avatar: await pngImage(),
      })
    ).json();
    expect(second.avatar).not.toBe(me.avatar);
    expect((await ctx.app.inject({ url: me.avatar })).statusCode).toBe(404);
  });

  it('changes the password only with the right current one', async () => {
    const a = await member();
    const missing = await a.client.put('/me', {
      currentPassword: '',
      newPassword: 'New1!password',
    });
    expect(missing.json()).toMatchObject({ message: 'Fill in all password fields' });
    const weak = await a.client.put('/me', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'weakweak',
    });
    expect(weak.json()).toMatchObject({
      message:
        'Password must be at least 8 characters, include uppercase, lowercase, number and special character',
      field: 'newPassword',
    });
    const wrong = await a.client.put('/me', {
      currentPassword: 'Wrong1!password',
      newPassword: 'New1!password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: PROFILE_MESSAGES.currentPasswordWrong,
      field: 'currentPassword',
    });
    expect(
      (
        await a.client.put('/me', {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'New1!password',
        })
      ).statusCode,
    ).toBe(200);
    const signIn = await createClient(ctx.app).post('/signin', {
      email: a.email,
      password: 'New1!password',
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('DELETE /api/me', () => {
  it('answers 401 without a token', async () => {
    expect((await createClient(ctx.app).delete('/me')).statusCode).toBe(401);
  });

  it("removes the member's posts, comments, likes, follows and files, for good", async () => {
    const leaver = await member();
    const stayer = await member();
    const image = await uploadImage(leaver.client);
    const own = await publish(ctx, leaver.client, { image });
    const theirs = await publish(ctx, stayer.client);
    await leaver.client.post('/like', { post_id: theirs.id });
    await leaver.client.post('/comment', { postId: theirs.id, text: 'bye' });
    await leaver.client.post('/follow', { username: stayer.username });
    await stayer.client.post('/follow', { username: leaver.username });

    const response = await leaver.client.delete('/me');
    expect(response.json()).toEqual({ message: 'Your account has been deleted forever.' });

    const post = (await stayer.client.get('/posts?limit=100'))
      .json()
      .items.find((p: { id: number }) => p.id === theirs.id);
    expect(post).toMatchObject({ likesCount: 0, commentsCount: 0 });
    expect((await stayer.client.get(`/comments-count/${own.id}`)).statusCode).toBe(404);
    expect((await stayer.client.get('/me')).json()).toMatchObject({
      followersCount: 0,
      followingsCount: 0,
    });
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(404);
    expect((await stayer.client.get(`/user/${leaver.username}`)).statusCode).toBe(404);
    expect((await leaver.client.get('/me')).statusCode).toBe(401);
    const signIn = await createClient(ctx.app).post('/signin', {
      email: leaver.email,
      password: leaver.password,
    });
    expect(signIn.statusCode).toBe(401);
  });
});
