/**
 * `npm run start:cluster`: several server processes on one machine and one port, through Node's
 * own `cluster` module (DESIGN §1 forbids a home-made one). The primary serves nothing: it
 * checks the environment once, forks the workers, starts a crashed one again with backoff and,
 * on SIGTERM or SIGINT, lets every worker shut down gracefully (server.ts) before it exits.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { loadEnvFileIfPresent } from './lib/env-file';
import { createLogger } from './lib/logger';

/** Longer than server.ts's own 10 s, so a worker's timeout speaks before the primary's. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that served this long before it died had not been crashing at start-up. */
const STABLE_AFTER_MS = 60_000;

/**
 * PGlite is one process's files, so several workers need PostgreSQL. Without Redis each worker
 * would count rate limits and deliver live events on its own: allowed, but said out loud.
 */
function checkClusterConfig(config: Pick<Config, 'databaseUrl' | 'redisUrl'>, workers: number) {
  if (workers === 1) return [];
  if (!config.databaseUrl) {
    throw new ConfigError(
      `${workers} workers need DATABASE_URL (PostgreSQL): the embedded PGlite belongs to one process. ` +
        'Set DATABASE_URL, or WEB_CONCURRENCY=1, or run `npm start`.',
    );
  }
  if (config.redisUrl) return [];
  return [
    `REDIS_URL is not set: each of the ${workers} workers keeps its own rate-limit counters, ` +
      'and a live event reaches only the sockets of the worker that sent it.',
  ];
}

/** 0.5 s, 1 s, 2 s, … up to 30 s between restarts of a worker that keeps dying. */
function restartDelay(failures: number) {
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** failures);
}

/** Set once the configuration is read: the workers' format (JSON lines, or pretty on a terminal). */
let logger: ReturnType<typeof createLogger> | undefined;
const log = (line: string) => logger?.info(`cluster: ${line}`);
const warn = (line: string) => logger?.warn(`cluster: ${line}`);

/** The worker runs the ordinary server: the file beside this one (server.js, or .ts under tsx). */
function serverEntry() {
  const self = fileURLToPath(import.meta.url);
  return self.replace(/cluster(\.[cm]?[jt]s)$/, 'server$1');
}

function supervise(workers: number) {
  const running = new Set<Worker>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let cleanExit = true;

  const start = (slot: { failures: number }) => {
    const worker = cluster.fork();
    const startedAt = Date.now();
    running.add(worker);
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (stopping) {
        // Killed by SIGTERM before server.ts listened for it: still the stop that was asked for.
        if (code !== 0 && signal !== 'SIGTERM') cleanExit = false;
        if (running.size === 0) process.exit(cleanExit ? 0 : 1);
        return;
      }
      if (Date.now() - startedAt > STABLE_AFTER_MS) slot.failures = 0;
      const delay = restartDelay(slot.failures++);
      warn(
        `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); a new one in ${delay} ms`,
      );
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        start(slot);
      }, delay);
      pendingRestarts.add(timer);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${running.size} worker(s)`);
    pendingRestarts.forEach(clearTimeout);
    if (running.size === 0) process.exit(0);
    // server.ts shuts down gracefully on SIGTERM: 503 to new requests, running ones finish.
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      warn('workers did not stop in time; killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // One line per worker ready to serve: what a person, or the bench, waits for.
  cluster.on('listening', (worker, address) =>
    log(`worker ${worker.process.pid} listening on port ${address.port}`),
  );
  cluster.setupPrimary({ exec: serverEntry() });
  for (let i = 0; i < workers; i++) start({ failures: 0 });
}

function main() {
  // The primary checks the environment once, so a typo fails here instead of in a restart loop.
  // The workers inherit what .env set, through the environment.
  loadEnvFileIfPresent();
  const config = loadConfig();
  logger = createLogger(config);
  const workers = config.webConcurrency ?? availableParallelism();
  checkClusterConfig(config, workers).forEach(warn);
  log(`starting ${workers} worker(s) on port ${config.port}`);
  supervise(workers);
}

try {
  main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
