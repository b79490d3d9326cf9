import { AUTH_MESSAGES } from '@devplay/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, signUpUnverified, type TestContext } from './test/app';
import { createMember, YOUTUBE_WATCH } from './test/factories';
import { operationsOf, sampleOf, type Operation } from './test/fuzz-inputs';

// Every route's guard, read off the published description: what it says an operation needs
// (`security`, and the 403 it documents) is what the operation demands, and nothing else is public.

/** The operations anyone may call; any other must name the credentials it needs. */
const PUBLIC = [
  'GET /api/calendar.ics',
  'GET /api/health',
  'GET /api/push/key',
  'GET /api/signup-mode',
  'POST /api/forgot-password',
  'POST /api/logout',
  'POST /api/resend-code',
  'POST /api/reset-password',
  'POST /api/signin',
  'POST /api/signin/2fa',
  'POST /api/signin/passkey',
  'POST /api/signin/passkey/options',
  'POST /api/signup',
  'POST /api/verify',
];

/**
 * Inputs that pass validation, by field name: guards run after it, so a request it refused would
 * answer 400 and prove nothing about the guard. None reaches a handler here except in the checks
 * that a guard lets a request through, where they name nothing that exists.
 */
const VALID: Record<string, unknown> = {
  ...{ id: 999_999, postId: 999_999, post_id: 999_999, userId: 999_999, receiverId: 999_999 },
  ...{ matchId: 999_999, username: 'nobody-here', userName: 'nobody-here', index: 0, amount: 1 },
  ...{ round: 'round1', matchIndex: 0, date: '2031-01-06', type: 'sick', name: 'Guarded map' },
  ...{ title: 'A guarded post', description: 'Guarded description', video: YOUTUBE_WATCH },
  ...{ text: 'hello', idempotencyKey: 'guards-key-0001' },
  ...{ targetType: 'post', targetId: 999_999, reason: 'spam', action: 'dismiss' },
  ...{
    code: '123456',
    password: 'Guarded1!pass',
    sessionId: '7b0a4b8e-0f0e-4c49-9d4c-5b7e1d7f3a11',
    passkeyId: 999_999,
  },
  // A push subscription the schema takes (its host is refused later, by the handler).
  endpoint: 'https://127.0.0.1/guarded',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  // A WebAuthn answer that passes for a registration's and a sign-in's alike: each reads its own.
  response: {
    ...{ id: 'AAAA', rawId: 'AAAA', type: 'public-key' },
    response: {
      ...{ clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      ...{ authenticatorData: 'AAAA', signature: 'AAAA' },
    },
  },
};

/** These end the caller's account: they run last, so every other operation meets the caller. */
const LAST = ['DELETE /api/me'];

const labelOf = (op: Operation) => `${op.method} ${op.path}`;
const isPublic = (op: Operation) =>
  op.security.length === 0 || op.security.some((way) => Object.keys(way).length === 0);
const needsAccessToken = (op: Operation) => op.security.some((way) => 'accessToken' in way);
/** What the description promises: `ADMIN_ONLY` and `UNVERIFIED` of lib/openapi.ts, or their kin. */
const isAdminOnly = (op: Operation) => op.answers[403]?.startsWith('Not an admin') === true;
const needsConfirmed = (op: Operation) => op.answers[403]?.includes('EMAIL_NOT_VERIFIED') === true;

function requestOf(op: Operation, token?: string) {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(VALID[name]));
  const properties = Object.entries(op.body?.properties ?? {});
  const required = new Set(op.body?.required ?? []);
  const body = Object.fromEntries(
    properties
      .filter(([name]) => name in VALID || required.has(name))
      .map(([name, schema]) => [name, name in VALID ? VALID[name] : sampleOf(schema)]),
  );
  return {
    method: op.method,
    url,
    headers: token ? { 'access-token': token } : {},
    ...(op.body ? { payload: body } : {}),
  };
}

const show = (op: Operation, response: LightMyRequestResponse) =>
  `${labelOf(op)}: ${response.statusCode} ${response.body.slice(0, 160)}`;

let ctx: TestContext;
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  const document = await ctx.app.inject({ url: '/api/docs/json' });
  operations = operationsOf(document.json()).sort(
    (a, b) => LAST.indexOf(labelOf(a)) - LAST.indexOf(labelOf(b)),
  );
});
afterAll(() => ctx.app.close());

/** Sends each operation as `token`'s holder; lists those whose answer `wrong` finds at fault. */
async function misfits(
  selected: Operation[],
  token: string | undefined,
  wrong: (op: Operation, response: LightMyRequestResponse) => boolean,
) {
  const found: string[] = [];
  for (const op of selected) {
    const response = await ctx.app.inject(requestOf(op, token));
    if (wrong(op, response)) found.push(show(op, response));
  }
  return found;
}

/** Whether the answer is exactly this refusal of a guard. */
const refusedWith = (response: LightMyRequestResponse, status: number, message: string) =>
  response.statusCode === status && response.json().message === message;
const GUARD_REFUSALS = [
  'Authorization required.',
  AUTH_MESSAGES.sessionExpired,
  AUTH_MESSAGES.emailNotVerified,
  AUTH_MESSAGES.adminsOnly,
];
/** Whether a guard stopped the request (whatever the handler then answered, it was reached). */
const stoppedByGuard = (response: LightMyRequestResponse) =>
  (response.statusCode === 401 || response.statusCode === 403) &&
  GUARD_REFUSALS.includes(response.json().message);

describe('the guards, as the API description states them', () => {
  const withToken = () => operations.filter(needsAccessToken);

  it('leaves only the listed operations open to anyone', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter(isPublic).map(labelOf).sort()).toEqual(PUBLIC);
  });

  it('answers 401 to every other operation without credentials', async () => {
    const others = operations.filter((op) => !isPublic(op));
    expect(others.length).toBeGreaterThan(40);
    const found = await misfits(others, undefined, (op, response) =>
      needsAccessToken(op)
        ? !refusedWith(response, 401, 'Authorization required.')
        : response.statusCode !== 401,
    );
    expect(found).toEqual([]);
  });

  it('validates before it guards: an anonymous request with a malformed path answers 400', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/maps/not-an-id' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
  });

  it('answers 401 to a forged access token', async () => {
    const found = await misfits(
      withToken(),
      'forged.token.value',
      (_, response) => !refusedWith(response, 401, AUTH_MESSAGES.sessionExpired),
    );
    expect(found).toEqual([]);
  });

  it('answers 403 to an unconfirmed member where it says so, and lets them through elsewhere', async () => {
    const client = createClient(ctx.app);
    await signUpUnverified(client);
    const confirmedOnly = withToken().filter(needsConfirmed);
    expect(confirmedOnly.length).toBeGreaterThan(10);
    const found = await misfits(withToken(), client.token, (op, response) =>
      needsConfirmed(op)
        ? !refusedWith(response, 403, AUTH_MESSAGES.emailNotVerified) ||
          response.json().code !== 'EMAIL_NOT_VERIFIED'
        : stoppedByGuard(response),
    );
    expect(found).toEqual([]);
  });

  it('answers 403 to a confirmed member who is no admin where it says so, and lets them through elsewhere', async () => {
    const member = await createMember(ctx);
    const adminOnly = withToken().filter(isAdminOnly);
    expect(adminOnly.length).toBeGreaterThan(10);
    const found = await misfits(withToken(), member.token, (op, response) =>
      isAdminOnly(op)
        ? !refusedWith(response, 403, AUTH_MESSAGES.adminsOnly) ||
          response.json().code !== 'FORBIDDEN'
        : stoppedByGuard(response),
    );
    expect(found).toEqual([]);
  });
});
