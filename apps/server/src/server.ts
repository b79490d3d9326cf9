import path from 'node:path';
import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { describeAdmin, listAdmins } from './db/admins';
import { openDatabase } from './db/client';
import { NewerDatabaseError } from './db/migration-progress';
import backupSocket from './features/backup/backup-socket';
import backupSchedule from './features/backup/schedule';
import { prepareDataDir } from './lib/data-dir';
import { loadEnvFileIfPresent } from './lib/env-file';
import { createLogger } from './lib/logger';
import { guardProcess } from './lib/process-guards';
import { resolveJwtSecret } from './lib/secrets';
import { markServerRunning } from './lib/server-pid';
import { VERSION } from './lib/version';

/** Past this, a shutdown that hangs (a stuck socket, a dead database) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * What a new operator needs from the first screen: who the admins are or how to make one, and
 * where confirmation codes go when no SMTP server is set.
 */
async function announce(app: App, config: Config) {
  const admins = await listAdmins(app.db, config.adminEmails);
  if (admins.length === 0) {
    app.log.info(
      'No admin yet: sign up, confirm the e-mail, then run `npm run admin -- promote <email>` (or list it in ADMIN_EMAILS)',
    );
  } else {
    app.log.info(`Admins: ${admins.map(describeAdmin).join('; ')}`);
  }
  if (!config.smtpUrl) {
    app.log.info(
      'Mail is not sent (SMTP_URL is not set): confirmation and reset codes appear in this terminal',
    );
  }
}

async function main() {
  const startedAt = performance.now();
  // Before anything is written: the database, uploads and the secret are the owner's alone.
  process.umask(0o077);
  loadEnvFileIfPresent();
  const config = loadConfig();
  const log = createLogger(config);
  log.info(`Starting DevPlay ${VERSION}…`);
  const tightened = await prepareDataDir(config.dataDir);
  if (!config.databaseUrl) markServerRunning(config.dataDir);
  const [database, jwtSecret] = await Promise.all([
    openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, requestTurns: config.requestTurns }
        : { pgliteDir: path.join(config.dataDir, 'db') },
      undefined,
      (line) => log.info(line),
    ),
    resolveJwtSecret(config.jwtSecret, config.dataDir),
  ]);
  const app = await buildApp({ config, database, jwtSecret, loggerInstance: log });
  // The embedded database is this process's: `npm run backup` asks it for a copy.
  if (!config.databaseUrl) await app.register(backupSocket, { dataDir: config.dataDir });
  if (config.backups) await app.register(backupSchedule, config.backups);
  guardProcess(app.log);
  if (tightened) {
    app.log.warn(
      `${tightened} item(s) in ${config.dataDir} were open to other users; now owner-only`,
    );
  }

  let closing = false;
  // close() stops accepting, lets running requests finish (plugins/drain.ts), closes sockets
  // with 1001 (plugins/live.ts), then the database and Redis.
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await announce(app, config);
  app.log.info(
    {
      version: VERSION,
      env: config.env,
      database: database.kind,
      redis: config.redisUrl ? 'on' : 'off',
      // What this deployment's Redis keys begin with, for an operator looking into Redis.
      redisPrefix: app.redisScope?.prefix,
      mail: config.smtpUrl ? 'smtp' : 'log',
      startupMs: Math.round(performance.now() - startedAt),
    },
    `Ready: DevPlay ${VERSION} is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof NewerDatabaseError) {
    console.error(error.message);
  } else {
    console.error('Could not start the server:', error);
  }
  process.exit(1);
});
