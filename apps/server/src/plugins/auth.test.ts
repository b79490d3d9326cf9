import { AUTH_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  newUser,
  signUpVerified,
  signUpUnverified,
  type Client,
  type TestContext,
} from '../test/app';
import { actorOf } from './auth';
import { guarded } from './guards';

const ADMIN_EMAIL = 'chief@example.com';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]) }, (app) => {
    // Subtrees as the API nests them, outside /api so that the rate limits need not know them.
    app.register(
      guarded('requireUser', async (members) => {
        // A stand-in for every write that needs a confirmed e-mail (posting, liking, messaging, …).
        await members.register(
          guarded('requireVerified', async (confirmed) => {
            confirmed.post('/verified-write', async () => ({ ok: true }));
          }),
        );
        await members.register(
          guarded('requireAdmin', async (admins) => {
            admins.get('/whoami', async (request) => actorOf(request));
          }),
          { prefix: '/admin' },
        );
      }),
      { prefix: '/test' },
    );
  });
});
afterAll(() => ctx.app.close());

/** A request to the test's own routes, with the client's token if it holds one. */
const call = (client: Client, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({
    method,
    url: `/test${url}`,
    headers: client.token ? { 'access-token': client.token } : {},
  });

describe('requireVerified', () => {
  it('answers 401 without a token', async () => {
    expect((await call(createClient(ctx.app), 'POST', '/verified-write')).statusCode).toBe(401);
  });

  it('answers 403 EMAIL_NOT_VERIFIED to a signed-in member who has not confirmed the e-mail', async () => {
    const client = createClient(ctx.app);
    await signUpUnverified(client);
    const response = await call(client, 'POST', '/verified-write');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: AUTH_MESSAGES.emailNotVerified,
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('lets a confirmed member through', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    expect((await call(client, 'POST', '/verified-write')).json()).toEqual({ ok: true });
  });
});

describe('requireAdmin on an admin subtree inside a member subtree', () => {
  it('answers 401 without a token', async () => {
    expect((await call(createClient(ctx.app), 'GET', '/admin/whoami')).statusCode).toBe(401);
  });

  it('answers 403 to a confirmed member who is not an admin', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const response = await call(client, 'GET', '/admin/whoami');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.adminsOnly, code: 'FORBIDDEN' });
  });

  it('answers 403 to an unconfirmed account holding an admin address', async () => {
    const client = createClient(ctx.app);
    await signUpUnverified(client, { ...newUser(), email: ADMIN_EMAIL });
    const response = await call(client, 'GET', '/admin/whoami');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('lets a confirmed admin through, as an admin actor', async () => {
    const client = createClient(ctx.app);
    // The address was taken unconfirmed above; the code confirms that account, now an admin's.
    await signUpVerified(ctx, client, { ...newUser(), email: ADMIN_EMAIL });
    const me = (await client.get('/me')).json();
    const response = await call(client, 'GET', '/admin/whoami');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: me.id, username: me.username, isAdmin: true });
  });
});
