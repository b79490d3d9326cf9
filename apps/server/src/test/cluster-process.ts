import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

/** The supervisor as `npm run start:cluster` runs it, from the sources (workers run server.ts). */
export function startCluster(env: Record<string, string>) {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'WEB_CONCURRENCY', 'PORT', 'DATA_DIR'])
    delete inherited[name];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, '../cluster.ts')],
    {
      env: { ...inherited, NODE_ENV: 'production', LOG_FORMAT: 'json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  /** The JSON log lines of the workers and of the supervisor (its messages begin `cluster: `). */
  const logLines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string; reqId?: string });
  return {
    child,
    exited,
    output: () => output,
    logLines,
    /** Pids of the workers that started serving, in order. */
    servingPids: () =>
      logLines()
        .filter((line) => line.msg.startsWith('Ready: DevPlay'))
        .map((line) => line.pid),
    /** Pids of the workers that answered a request. */
    answeringPids: () =>
      new Set(
        logLines()
          .filter((line) => line.msg === 'request completed')
          .map((l) => l.pid),
      ),
  };
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A request on a connection of its own, so the primary hands it to the next worker in turn. */
export const statusOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) =>
    get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', reject),
  );
