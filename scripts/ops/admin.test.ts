import { LIMITS, STRONG_PASSWORD } from '@devplay/shared';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client';
import { admin, OLD_PASSWORD, seedMembers, stateOf } from './admin-fixture';
import { cleanUp, startedDataDir } from './scratch';

describe('the admin CLI reads its arguments first', () => {
  const env = { DATA_DIR: path.join(tmpdir(), 'devplay-admin-never-made') };

  it('prints usage for --help and changes nothing', async () => {
    const result = await admin(env, 'promote', 'ada@example.com', '--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: npm run admin -- <command>');
    expect(result.out).toContain('reset-password <email> --password <password>');
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });

  it.each([
    [[], 'No command given.'],
    [['frob'], 'Unknown command: frob'],
    [['promote'], 'promote needs an e-mail address.'],
    [['list-admins', 'ada@example.com'], 'Too many arguments for list-admins.'],
    [
      ['promote', 'ada@example.com', '--password', 'Aa1!aaaa'],
      '--password goes with reset-password only.',
    ],
    [['promote', '--colour'], "Unknown option '--colour'"],
  ])('refuses %j with exit code 2', async (argv, message) => {
    const result = await admin(env, ...argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage:');
  });

  it('says there is no database yet rather than making one', async () => {
    const result = await admin(env, 'list-admins');
    expect(result.code).toBe(1);
    expect(result.err).toContain('No database in');
    expect(existsSync(env.DATA_DIR)).toBe(false);
  });
});

describe('the admin CLI on the embedded database', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = await startedDataDir();
    env = { DATA_DIR: dataDir, ADMIN_EMAILS: 'bob@example.com' };
    await seedMembers({ pgliteDir: path.join(dataDir, 'db') });
  }, 180_000);
  afterAll(cleanUp);

  it('refuses while the server runs on the same DATA_DIR', async () => {
    // This test process stands for the running server: its pid is alive.
    await writeFile(path.join(dataDir, 'server.pid'), `${process.pid}\n`);
    const result = await admin(env, 'promote', 'ada@example.com');
    await rm(path.join(dataDir, 'server.pid'));
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `The server (pid ${process.pid}) is running on ${dataDir}: stop it first`,
    );
  });

  it('answers an unknown member or a malformed address with exit code 1', async () => {
    expect(await admin(env, 'promote', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'No member has the e-mail address nobody@example.com',
    });
    expect(await admin(env, 'demote', 'not-an-address')).toMatchObject({
      code: 1,
      err: 'Not an e-mail address: not-an-address',
    });
  }, 120_000);

  it('promotes, lists, demotes, and leaves ADMIN_EMAILS admins to the environment', async () => {
    expect(await admin(env, 'promote', 'ADA@example.com')).toMatchObject({
      code: 0,
      out: 'ada <ada@example.com> is now an admin',
    });
    expect((await admin(env, 'list-admins')).out).toBe(
      'ada <ada@example.com> (promoted)\nbob <bob@example.com> (ADMIN_EMAILS)',
    );
    expect((await admin(env, 'promote', 'ada@example.com')).out).toContain('already an admin');
    expect(await admin(env, 'demote', 'bob@example.com')).toMatchObject({
      code: 1,
      err: expect.stringContaining('ADMIN_EMAILS lists the address'),
    });
    expect(await admin(env, 'demote', 'ada@example.com')).toMatchObject({
      code: 0,
      out: 'ada <ada@example.com> is no longer an admin',
    });
  }, 180_000);

  it('resets a password: refuses a weak one, prints a generated one, ends sessions', async () => {
    const weak = await admin(env, 'reset-password', 'ada@example.com', '--password', 'weakpass');
    expect(weak).toMatchObject({
      code: 1,
      err: 'Min. 8 characters, lowercase and UPPERCASE letters, number and special character',
    });
    // Strong in every other way, and too long: it says so, not that it is too short.
    const long = await admin(
      env,
      'reset-password',
      'ada@example.com',
      '--password',
      `Aa1!${'a'.repeat(1_196)}`,
    );
    expect(long).toMatchObject({
      code: 1,
      err: `The password is too long: at most ${LIMITS.passwordMax} characters (this one has 1200).`,
    });
    const result = await admin(env, 'reset-password', 'ada@example.com');
    expect(result.code).toBe(0);
    const password = /New password for ada <ada@example.com>: (\S+)/.exec(result.out)?.[1];
    expect(password).toMatch(STRONG_PASSWORD);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const state = await stateOf(database, 'ada@example.com', password!);
    const oldStillWorks = (await stateOf(database, 'ada@example.com', OLD_PASSWORD)).passwordWorks;
    await database.close();
    expect(state.passwordWorks).toBe(true);
    expect(oldStillWorks).toBe(false);
    expect(state.member.promotedAdmin).toBe(false);
    expect(state.openSessions).toBe(0);
    const byCli = {
      actorId: null,
      actorUsername: 'command line',
      targetId: String(state.member.id),
    };
    expect(state.audit).toEqual([
      { ...byCli, action: 'user.promote' },
      { ...byCli, action: 'user.demote' },
      { ...byCli, action: 'user.password-reset' },
    ]);
  }, 180_000);
});
