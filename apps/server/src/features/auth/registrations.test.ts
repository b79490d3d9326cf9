import { ERROR_CODES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import {
  createClient,
  createTestApp,
  newUser,
  signUp,
  signUpUnverified,
  signUpVerified,
} from '../../test/app';
import { createMember, publish, YOUTUBE_WATCH } from '../../test/factories';
import { useRegistrations } from '../../test/registrations';

const LATE_ADMIN = 'late@admin.example';
// The second admin address signs up in a test, while sign-ups need approval.
const t = useRegistrations(['registrar@admin.example', LATE_ADMIN], 1);
const { setSettings } = t;

const storedUser = async (email: string) =>
  (await t.ctx.app.db.select().from(users).where(eq(users.email, email)))[0];

const post = { title: 'Waiting post', description: 'Written while waiting', video: YOUTUBE_WATCH };

describe('GET /api/signup-mode', () => {
  it('tells anyone, signed in or not, whether sign-ups are open', async () => {
    const anonymous = createClient(t.ctx.app);
    for (const registrations of ['closed', 'approval', 'open'] as const) {
      await setSettings({ registrations });
      const response = await anonymous.get('/signup-mode');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ registrations });
    }
  });

  it('says nothing of the blocked domains', async () => {
    await setSettings({ blockedEmailDomains: ['secret.example'] });
    const response = await createClient(t.ctx.app).get('/signup-mode');
    expect(response.body).not.toContain('secret.example');
  });
});

describe('registrations closed', () => {
  it('refuses a sign-up with 403, storing nothing and mailing nothing', async () => {
    await setSettings({ registrations: 'closed' });
    const user = newUser('closed');
    const response = await signUp(createClient(t.ctx.app), user);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Sign-ups are closed.',
      code: ERROR_CODES.registrationsClosed,
    });
    expect(await storedUser(user.email)).toBeUndefined();
    expect(t.ctx.mailbox.to(user.email)).toEqual([]);
  });

  it('takes the same sign-up again once reopened', async () => {
    const user = newUser('reopened');
    await setSettings({ registrations: 'closed' });
    expect((await signUp(createClient(t.ctx.app), user)).statusCode).toBe(403);
    await setSettings({ registrations: 'open' });
    expect((await signUp(createClient(t.ctx.app), user)).statusCode).toBe(201);
  });

  it('leaves members who exist as they were: they sign in and write', async () => {
    const member = await createMember(t.ctx, newUser('before-closing'));
    await setSettings({ registrations: 'closed' });
    const again = await createClient(t.ctx.app).post('/signin', {
      email: member.email,
      password: member.password,
    });
    expect(again.statusCode).toBe(200);
    await publish(t.ctx, member.client);
  });

  it('applies on the next sign-up of another process on the same database', async () => {
    const other = await createTestApp({ sameDatabaseAs: t.ctx, rateLimits: false });
    try {
      expect((await signUp(createClient(other.app), newUser('elsewhere'))).statusCode).toBe(201);
      await setSettings({ registrations: 'closed' });
      expect((await signUp(createClient(other.app), newUser('elsewhere'))).statusCode).toBe(403);
      await setSettings({ registrations: 'open', blockedEmailDomains: ['example.com'] });
      const blocked = await signUp(createClient(other.app), newUser('elsewhere'));
      expect(blocked.statusCode).toBe(400);
      await setSettings({ blockedEmailDomains: [] });
      expect((await signUp(createClient(other.app), newUser('elsewhere'))).statusCode).toBe(201);
    } finally {
      await other.app.close();
    }
  });
});

describe('registrations need approval', () => {
  it('lets a new member read once confirmed, and refuses their writes with 403', async () => {
    await setSettings({ registrations: 'approval' });
    const client = createClient(t.ctx.app);
    await signUpVerified(t.ctx, client, newUser('waiting'));

    const me = await client.get('/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ isVerified: true, pendingApproval: true });
    expect((await client.get('/posts')).statusCode).toBe(200);
    expect((await client.get('/admin/users')).statusCode).toBe(403);

    const refused = {
      message: "Your account is waiting for an admin's approval.",
      code: 'PENDING_APPROVAL',
    };
    const writes = [
      await client.post('/post', post),
      await client.post('/follow', { username: t.member.username }),
      await client.post('/like', { post_id: (await publish(t.ctx, t.member.client)).id }),
      await client.post('/calendar', { date: '2031-01-07', type: 'sick' }),
    ];
    for (const response of writes) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(refused);
    }
  });

  it('still says first that an unconfirmed e-mail must be confirmed', async () => {
    await setSettings({ registrations: 'approval' });
    const client = createClient(t.ctx.app);
    await signUpUnverified(client, newUser('unconfirmed'));
    const response = await client.post('/post', post);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ERROR_CODES.emailNotVerified);
  });

  it('lets a member who signed up while open write, before and after the switch', async () => {
    const member = await createMember(t.ctx, newUser('open-era'));
    expect((await member.client.get('/me')).json().pendingApproval).toBe(false);
    await publish(t.ctx, member.client);
    await setSettings({ registrations: 'approval' });
    await publish(t.ctx, member.client);
    expect((await member.client.get('/me')).json().pendingApproval).toBe(false);
  });

  it('keeps a waiting member waiting when sign-ups open again', async () => {
    await setSettings({ registrations: 'approval' });
    const client = createClient(t.ctx.app);
    await signUpVerified(t.ctx, client, newUser('still-waiting'));
    await setSettings({ registrations: 'open' });
    expect((await client.post('/post', post)).statusCode).toBe(403);
  });

  it('lets the member write on the very next request once approved', async () => {
    await setSettings({ registrations: 'approval' });
    const waiting = await createMember(t.ctx, newUser('approved-soon'));
    // The session is remembered by the server now, with the member waiting in it.
    expect((await waiting.client.post('/post', post)).statusCode).toBe(403);
    const approved = await t.admin.client.post(`/admin/user/${waiting.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await waiting.client.get('/me')).json().pendingApproval).toBe(false);
    await publish(t.ctx, waiting.client);
  });

  it('never makes an admin address wait: it signs up straight into the admin panel', async () => {
    await setSettings({ registrations: 'approval' });
    const admin = await createMember(t.ctx, { email: LATE_ADMIN });
    expect((await admin.client.get('/me')).json()).toMatchObject({
      isAdmin: true,
      pendingApproval: false,
    });
    expect((await admin.client.get('/admin/settings')).statusCode).toBe(200);
  });
});
