import { API_BASE, SESSION_MARKER_COOKIE } from '@devplay/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../lib/session-cookies';
import {
  createClient,
  createTestApp,
  newUser,
  signUp,
  signUpVerified,
  type TestContext,
} from '../../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const cookie = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

/** A cookie cleared the way browsers understand: emptied, expired in the past. */
function expectCleared(response: LightMyRequestResponse, name: string, path: string) {
  const cleared = cookie(response, name);
  expect(cleared, name).toMatchObject({ value: '', path });
  expect((cleared!.expires as Date).getTime(), name).toBeLessThanOrEqual(Date.now());
}

function expectSignedInCookies(response: LightMyRequestResponse) {
  const refresh = cookie(response, REFRESH_COOKIE)!;
  const marker = cookie(response, SESSION_MARKER_COOKIE)!;
  expect(refresh).toMatchObject({ path: API_BASE, httpOnly: true, sameSite: 'Strict' });
  // Readable by the page, sent with every path, and no more than a flag.
  expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
  expect(marker.httpOnly).toBeFalsy();
  expect(marker.expires).toEqual(refresh.expires);
  expect(marker.secure).toBe(refresh.secure);
}

describe(`the "${SESSION_MARKER_COOKIE}" marker cookie`, () => {
  it('is not set by a refused sign-in, and a refused refresh clears it with the cookie', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const wrong = await client.post('/signin', { email: user.email, password: 'Wrong1!pass' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies).toEqual([]);

    client.refreshCookie = 'made-up';
    const refused = await client.post('/refresh');
    expect(refused.statusCode).toBe(401);
    expectCleared(refused, REFRESH_COOKIE, API_BASE);
    expectCleared(refused, SESSION_MARKER_COOKIE, '/');
  });

  it('comes with the refresh cookie on sign-in and on each refresh, with its expiry', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client, user);
    const signIn = await client.post('/signin', { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(200);
    expectSignedInCookies(signIn);
    const refresh = await client.post('/refresh');
    expect(refresh.statusCode).toBe(200);
    expectSignedInCookies(refresh);
  });

  it('goes with the refresh cookie on sign-out and on account deletion', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const logout = await client.post('/logout');
    expect(logout.statusCode).toBe(200);
    expectCleared(logout, REFRESH_COOKIE, API_BASE);
    expectCleared(logout, SESSION_MARKER_COOKIE, '/');

    const leaving = createClient(ctx.app);
    await signUpVerified(ctx, leaving);
    const deleted = await leaving.delete('/me');
    expect(deleted.statusCode).toBe(200);
    expectCleared(deleted, REFRESH_COOKIE, API_BASE);
    expectCleared(deleted, SESSION_MARKER_COOKIE, '/');
  });

  it('is cleared by a sign-out without any session, which still succeeds', async () => {
    const response = await createClient(ctx.app).post('/logout');
    expect(response.statusCode).toBe(200);
    expectCleared(response, SESSION_MARKER_COOKIE, '/');
  });

  it('is Secure, like the refresh cookie, when PUBLIC_URL is https', async () => {
    const secureCtx = await createTestApp({ publicUrl: 'https://devplay.example' });
    try {
      const user = newUser();
      const client = createClient(secureCtx.app);
      await signUpVerified(secureCtx, client, user);
      const response = await client.post('/signin', { email: user.email, password: user.password });
      expectSignedInCookies(response);
      expect(cookie(response, SESSION_MARKER_COOKIE)!.secure).toBe(true);
      expect(cookie(response, REFRESH_COOKIE)!.secure).toBe(true);
    } finally {
      await secureCtx.app.close();
    }
  });

  it('is described wherever the API sets or clears it', async () => {
    const doc = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    for (const [route, method] of [
      ['/api/signin', 'post'],
      ['/api/refresh', 'post'],
      ['/api/logout', 'post'],
      ['/api/me', 'delete'],
    ] as const) {
      expect(doc.paths[route]?.[method]?.description, route).toContain(SESSION_MARKER_COOKIE);
    }
  });
});
