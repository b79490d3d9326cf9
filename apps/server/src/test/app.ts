import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { buildApp, type App, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { REFRESH_COOKIE } from '../lib/session-cookies';
import { loggerOptions } from '../lib/logger';
import { createMailbox } from './mailbox';
import { multipartBody, type FilePart } from './multipart';
import { openTestDatabase } from './database';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-000';
export const STRONG_PASSWORD = 'Secret1!pass';

/** Port 9 (discard) on loopback: nothing listens, so a call fails at once, and offline. */
export const NO_THIRD_PARTIES = {
  WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
  GEOCODING_API_URL: 'http://127.0.0.1:9/v1/search',
  NEWS_FEED_URL: 'http://127.0.0.1:9/rss.xml',
  NEWS_API_URL: 'http://127.0.0.1:9/api/1/latest',
};

export async function createTestApp(
  overrides: Partial<Config> & {
    webDist?: string;
    /** A second server process on the same database (closing it leaves the database open). */
    sameDatabaseAs?: TestContext;
    /** Receives the log as production writes it (JSON lines), for tests of what gets logged. */
    logStream?: Writable;
  } & Pick<AppOptions, 'storage' | 'live'> = {},
  /** Routes a test adds to exercise a plugin on its own. */
  extend?: (app: App) => void,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-test-'));
  const { webDist, sameDatabaseAs, logStream, storage, live, ...configOverrides } = overrides;
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // Tests never reach the internet: third parties are stubs the tests start (test/widget-stubs).
      ...NO_THIRD_PARTIES,
    }),
    // News for a push gathers until the app closes, unless a test of pushes asks for the
    // product's window: its read would otherwise land inside a statement count at a moment the
    // host's speed decides.
    pushGatherMs: 2 ** 31 - 1,
    ...configOverrides,
  };
  const mailbox = createMailbox();
  const queries = { count: 0 };
  const app = await buildApp({
    config,
    database: sameDatabaseAs
      ? { db: sameDatabaseAs.app.db, kind: 'pglite', close: async () => {} }
      : await openTestDatabase(() => void queries.count++),
    jwtSecret: TEST_SECRET,
    mailer: mailbox.mailer,
    logger: logStream
      ? { ...loggerOptions(config, false), level: 'info', stream: logStream }
      : false,
    webDist,
    storage,
    live,
  });
  // The data folder (uploads, archives) goes with the app, so test runs leave nothing behind in
  // /tmp. This hook runs before the platform's: a job still writing an archive ends first.
  app.addHook('onClose', async () => {
    await app.jobs.settled();
    await rm(dataDir, { recursive: true, force: true });
  });
  extend?.(app);
  await app.ready();
  return { app, mailbox, config, queries };
}

let clientCount = 0;

/** The same member from another address, so per-address rate limits start afresh. */
export function sameUserElsewhere(app: App, client: Client) {
  const other = createClient(app);
  other.token = client.token;
  return other;
}

/**
 * One browser: its own address (rate limits count per address) and its own cookie jar holding
 * the refresh cookie, like a tab would.
 */
export function createClient(
  app: App,
  ip = `10.0.${Math.floor(++clientCount / 250)}.${clientCount % 250}`,
) {
  let refreshCookie: string | undefined;
  let token: string | undefined;
  async function call(
    method: InjectOptions['method'],
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) {
    const response: LightMyRequestResponse = await app.inject({
      method,
      url: `/api${url}`,
      remoteAddress: ip,
      headers: { ...(token ? { 'access-token': token } : {}), ...headers },
      cookies: refreshCookie ? { [REFRESH_COOKIE]: refreshCookie } : {},
      ...(body ? { payload: body } : {}),
    });
    // What the request set going (a code's mail) has had its first attempt, as a browser's user
    // would wait for the mail.
    await app.jobs.settled();
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
    if (cookie) refreshCookie = cookie.value || undefined;
    return response;
  }
  return {
    ip,
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: object, headers?: Record<string, string>) =>
      call('POST', url, body, headers),
    put: (url: string, body?: object) => call('PUT', url, body),
    patch: (url: string, body?: object) => call('PATCH', url, body),
    delete: (url: string, body?: object) => call('DELETE', url, body),
    /** Sends a multipart form (files and text fields). */
    form(method: 'POST' | 'PUT', url: string, fields: Record<string, string | FilePart>) {
      const { payload, contentType } = multipartBody(fields);
      return call(method, url, payload, { 'content-type': contentType });
    },
    get token() {
      return token;
    },
    set token(value: string | undefined) {
      token = value;
    },
    get refreshCookie() {
      return refreshCookie;
    },
    set refreshCookie(value: string | undefined) {
      refreshCookie = value;
    },
  };
}
export type Client = ReturnType<typeof createClient>;

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

let userCount = 0;
export function newUser(tag = 'user') {
  const n = ++userCount;
  return { email: `${tag}${n}@example.com`, username: `${tag}${n}`, password: STRONG_PASSWORD };
}

export async function signUp(client: Client, user: ReturnType<typeof newUser>) {
  return client.post('/signup', { ...user, confirm_password: user.password });
}

/** Signs up, confirms and signs in; the client then holds the access token and refresh cookie. */
export async function signUpVerified(ctx: TestContext, client: Client, user = newUser()) {
  await signUp(client, user);
  await client.post('/verify', { email: user.email, code: ctx.mailbox.lastCode(user.email) });
  const response = await client.post('/signin', { email: user.email, password: user.password });
  client.token = response.json().token;
  return user;
}

/** A member who signed up and signed in but never confirmed the e-mail. */
export async function signUpUnverified(client: Client, user = newUser()) {
  await signUp(client, user);
  client.token = (
    await client.post('/signin', { email: user.email, password: user.password })
  ).json().token;
  return user;
}

/**
 * Two server processes on one database and the test Redis, opened before a suite's tests and
 * closed after them: what one process publishes must reach sockets held by the other.
 */
export function useTwoProcesses(redisUrl: string | undefined) {
  const processes = {} as { one: TestContext; two: TestContext };
  beforeAll(async () => {
    processes.one = await createTestApp({ redisUrl });
    processes.two = await createTestApp({ redisUrl, sameDatabaseAs: processes.one });
  });
  afterAll(async () => {
    await processes.two?.app.close();
    await processes.one?.app.close();
  });
  return processes;
}

/**
 * One app per test file and a confirmed member who writes its posts, made before the file's
 * tests and closed after them; read the fields inside tests, once `beforeAll` ran.
 */
export function useAuthor(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const kit = {} as { ctx: TestContext; author: Client; authorName: string };
  beforeAll(async () => {
    kit.ctx = await createTestApp(overrides);
    kit.author = createClient(kit.ctx.app);
    kit.authorName = (await signUpVerified(kit.ctx, kit.author)).username;
  });
  afterAll(() => kit.ctx.app.close());
  return kit;
}
