import { AUTH_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  signUpVerified,
  type TestContext,
  signUpUnverified,
} from '../test/app';

let ctx: TestContext;
beforeAll(async () => {
  // A stand-in for every write that needs a confirmed e-mail (posting, liking, messaging, …).
  ctx = await createTestApp({}, (app) => {
    app.post('/api/test-verified-write', { preHandler: app.requireVerified }, async () => ({
      ok: true,
    }));
  });
});
afterAll(() => ctx.app.close());

describe('requireVerified', () => {
  it('answers 401 without a token', async () => {
    expect((await createClient(ctx.app).post('/test-verified-write')).statusCode).toBe(401);
  });

  it('answers 403 EMAIL_NOT_VERIFIED to a signed-in member who has not confirmed the e-mail', async () => {
    const client = createClient(ctx.app);
    await signUpUnverified(client);
    const response = await client.post('/test-verified-write');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: AUTH_MESSAGES.emailNotVerified,
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('lets a confirmed member through', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    expect((await client.post('/test-verified-write')).json()).toEqual({ ok: true });
  });
});
