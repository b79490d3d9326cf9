import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port';
import type { BenchDatabase } from './database';
import { allProcesses } from './proc';

/**
 * BENCH_SERVER_DIST measures another build (a copy of an earlier `dist` kept beside it in
 * apps/server, so its packages and migrations resolve), for before/after runs alternated.
 */
const dist = path.resolve(
  import.meta.dirname,
  '../../apps/server',
  process.env.BENCH_SERVER_DIST ?? 'dist',
);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0000';
const START_TIMEOUT_MS = 90_000;
/** Longer than a worker takes from its fork to listening once the first one answers. */
const CLUSTER_SETTLE_MS = 3_000;

/**
 * The built server (`npm run build -w apps/server`) on a free port: one process (server.js), or
 * `processes` workers under the cluster supervisor (cluster.js), as `npm run start:cluster` runs.
 * Rate limits are off: a bench measures the server, not the limiter (DESIGN §5).
 * BENCH_NODE_ARGS go to the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
 * where its time goes under the bench's load (the profile is written when it stops).
 */
export async function startBenchServer(
  database: BenchDatabase,
  options: { processes?: number; redisUrl?: string } = {},
) {
  const processes = options.processes ?? 1;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const entry = processes === 1 ? 'server.js' : 'cluster.js';
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(dist, entry)], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      JWT_SECRET,
      WEB_CONCURRENCY: String(processes),
      ...database.serverEnv,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  // Every worker must be listening before a measurement, or the first seconds go to one of them.
  // The primary's "worker … listening" lines are info, below LOG_LEVEL here: its workers are
  // counted under it in /proc instead, and given CLUSTER_SETTLE_MS to listen once all are up.
  const listening = () =>
    processes === 1 ? 1 : allProcesses().filter((stat) => stat.parent === child.pid).length;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited early:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy && listening() === processes) break;
    if (Date.now() > deadline) throw new Error(`${entry} did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (processes > 1) await new Promise((resolve) => setTimeout(resolve, CLUSTER_SETTLE_MS));

  return {
    url,
    /** The process to read CPU time of (with its workers, under the cluster supervisor). */
    pid: child.pid!,
    /** What the server logged so far, to show with an error answer. */
    log: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
