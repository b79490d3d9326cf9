import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { nextMessage } from '../../apps/server/src/test/bus';
import { admin, OLD_PASSWORD, seedMembers, stateOf } from './admin-fixture';
import { ADMIN_URL, cleanUp, scratchDir, startedDatabase } from './scratch';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * On PostgreSQL the server keeps running: the CLI's change holds from the member's next request,
 * the cached session forgotten through the event bus (Redis) or, without it, within 2 seconds.
 */
describe.runIf(ADMIN_URL)('the admin CLI on PostgreSQL, with the server running', () => {
  let databaseUrl: string;
  let env: NodeJS.ProcessEnv;
  let app: App;
  let token: string;

  beforeAll(async () => {
    databaseUrl = await startedDatabase();
    env = {
      DATA_DIR: await scratchDir(),
      DATABASE_URL: databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    await seedMembers({ url: databaseUrl });
    app = await buildApp({
      config: loadConfig({ ...env, NODE_ENV: 'test', RATE_LIMITS: 'off' }),
      database: await openDatabase({ url: databaseUrl }),
      jwtSecret: 'admin-cli-test-secret-admin-cli-test-secret',
      logger: false,
    });
    await app.ready();
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'ada@example.com', password: OLD_PASSWORD },
    });
    token = signIn.json().token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await cleanUp();
  });

  const me = async () => {
    const response = await app.inject({ url: '/api/me', headers: { 'access-token': token } });
    return response.statusCode === 200 ? { isAdmin: response.json().isAdmin } : response.statusCode;
  };
  /**
   * Runs the CLI, then the member's next request must see `expected`: with Redis as soon as the
   * CLI's bus message reached the server, without once the session cache let go (2 s).
   */
  const seenAfter = async (args: string[], expected: unknown) => {
    const heard = redisUrl ? nextMessage(app, 'member') : undefined;
    const result = await admin(env, ...args);
    expect(result.code).toBe(0);
    if (heard) {
      await heard;
      expect(await me()).toEqual(expected);
    } else await expect.poll(me, { timeout: 15_000, interval: 100 }).toEqual(expected);
    return result;
  };

  it('answers an unknown member with exit code 1', async () => {
    expect(await admin(env, 'reset-password', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'No member has the e-mail address nobody@example.com',
    });
  });

  it("gives and takes admin rights, seen on the member's next requests", async () => {
    expect(await me()).toEqual({ isAdmin: false });
    await seenAfter(['promote', 'ada@example.com'], { isAdmin: true });
    expect((await admin(env, 'list-admins')).out).toBe('ada <ada@example.com> (promoted)');
    await seenAfter(['demote', 'ada@example.com'], { isAdmin: false });
  });

  it('resets a password to the one given and signs the member out', async () => {
    const args = ['reset-password', 'ada@example.com', '--password', 'Given1!pass'];
    const result = await seenAfter(args, 401);
    expect(result.out).toContain('is changed');
    const database = await openDatabase({ url: databaseUrl });
    const state = await stateOf(database, 'ada@example.com', 'Given1!pass');
    await database.close();
    expect(state.passwordWorks).toBe(true);
    expect(state.openSessions).toBe(0);
    expect(state.audit.map((entry) => [entry.action, entry.actorUsername])).toEqual([
      ['user.promote', 'command line'],
      ['user.demote', 'command line'],
      ['user.password-reset', 'command line'],
    ]);
  });
});
