/**
 * `npm run admin -- <command>`: admin rights and passwords from the command line, for the
 * operator who has no admin yet or has lost one. It reads DATA_DIR, DATABASE_URL and .env like
 * the server, and works through the server's own app (its services, audit log and event bus).
 */
import { LIMITS } from '@devplay/shared';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { ConfigError, loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { loadEnvFileIfPresent } from '../../apps/server/src/lib/env-file';
import { runningServerPid } from '../../apps/server/src/lib/server-pid';
import {
  AdminCommandError,
  demote,
  listAdminsCommand,
  promote,
  resetPassword,
} from './admin-commands';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  promote <email>                    make the member with this e-mail an admin
  demote <email>                     take a promoted member's admin rights away
  reset-password <email>             give the member a new random password (printed) and end
                                     their sessions
  reset-password <email> --password <password>
                                     set this password instead (8 to ${LIMITS.passwordMax} characters with
                                     lowercase and uppercase letters, a digit and one of @$!%*?&)
  list-admins                        who the admins are, and why
  --help                             this text; changes nothing

Reads DATA_DIR, DATABASE_URL and ADMIN_EMAILS (and ./.env) as the server does.
On the embedded database (no DATABASE_URL), stop the server first. On PostgreSQL it may run:
a change holds from the member's next request (within 2 seconds on other processes without
REDIS_URL). Every change is written to the admin panel's audit log.`;

type Output = { out: (line: string) => void; err: (line: string) => void };

const COMMANDS = ['promote', 'demote', 'reset-password', 'list-admins'] as const;

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' }, password: { type: 'string' } },
  });
  const [command, email, ...extra] = positionals;
  if (values.help) return { help: true } as const;
  if (!command) throw new AdminCommandError('No command given.');
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new AdminCommandError(`Unknown command: ${command}`);
  const wantsEmail = command !== 'list-admins';
  if (wantsEmail && !email) throw new AdminCommandError(`${command} needs an e-mail address.`);
  if (extra.length || (!wantsEmail && email))
    throw new AdminCommandError(`Too many arguments for ${command}.`);
  if (values.password !== undefined && command !== 'reset-password')
    throw new AdminCommandError('--password goes with reset-password only.');
  return {
    help: false,
    command: command as (typeof COMMANDS)[number],
    email: email ?? '',
    password: values.password,
  } as const;
}

/** Runs one command; the exit code is 0 when it did what was asked (or nothing was needed). */
export async function runAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  { out, err }: Output,
): Promise<number> {
  let request;
  try {
    request = parse(argv);
  } catch (error) {
    err(error instanceof Error ? error.message : String(error));
    err(ADMIN_USAGE);
    return 2;
  }
  if (request.help) {
    out(ADMIN_USAGE);
    return 0;
  }
  const config = loadConfig(env);
  const pgliteDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid !== null) {
      err(
        `The server (pid ${pid}) is running on ${config.dataDir}: stop it first. ` +
          'The embedded database belongs to one process; on PostgreSQL (DATABASE_URL) this works while it runs.',
      );
      return 1;
    }
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      err(`No database in ${pgliteDir}: start the server once (npm start), or set DATA_DIR.`);
      return 1;
    }
  }
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir },
  );
  // Nothing is signed: the secret only lets the app be built, and none is written to DATA_DIR.
  const app = await buildApp({
    config: { ...config, rateLimits: false },
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: false,
  });
  try {
    await app.ready();
    const said =
      request.command === 'promote'
        ? await promote(app, request.email)
        : request.command === 'demote'
          ? await demote(app, request.email)
          : request.command === 'reset-password'
            ? await resetPassword(app, request.email, request.password)
            : await listAdminsCommand(app);
    said.forEach(out);
    return 0;
  } catch (error) {
    if (!(error instanceof AdminCommandError)) throw error;
    err(error.message);
    return 1;
  } finally {
    await app.close();
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  loadEnvFileIfPresent();
  runAdmin(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
