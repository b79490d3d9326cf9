import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDataDir } from './lib/data-dir';
import { guardProcess } from './lib/process-guards';
import { resolveJwtSecret } from './lib/secrets';

/** Past this, a shutdown that hangs (a stuck socket, a dead database) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  // Before anything is written: the database, uploads and the secret are the owner's alone.
  process.umask(0o077);
  const config = loadConfig();
  const tightened = await prepareDataDir(config.dataDir);
  const [database, jwtSecret] = await Promise.all([
    openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl }
        : { pgliteDir: path.join(config.dataDir, 'db') },
    ),
    resolveJwtSecret(config.jwtSecret, config.dataDir),
  ]);
  const app = await buildApp({ config, database, jwtSecret });
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
  app.log.info(
    {
      env: config.env,
      database: database.kind,
      redis: config.redisUrl ? 'on' : 'off',
      // What this deployment's Redis keys begin with, for an operator looking into Redis.
      redisPrefix: app.redisScope?.prefix,
      mail: config.smtpUrl ? 'smtp' : 'log',
      startupMs: Math.round(performance.now() - startedAt),
    },
    `DevPlay is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start the server:', error);
  }
  process.exit(1);
});
