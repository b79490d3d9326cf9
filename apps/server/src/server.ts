import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveJwtSecret } from './lib/secrets';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const [database, jwtSecret] = await Promise.all([
    openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl }
        : { pgliteDir: path.join(config.dataDir, 'db') },
    ),
    resolveJwtSecret(config.jwtSecret, config.dataDir),
  ]);
  const app = await buildApp({ config, database, jwtSecret });

  let closing = false;
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
      database: database.kind,
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
