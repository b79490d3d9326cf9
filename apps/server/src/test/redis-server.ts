import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Why Redis fault tests cannot run here, or undefined when `redis-server` is on the PATH. */
export const redisServerMissing: string | undefined =
  spawnSync('redis-server', ['--version']).status === 0
    ? undefined
    : 'redis-server is not installed (apt-get install redis-server), so Redis fault tests are skipped';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** True once the server answers PING; a refused or silent connection is false. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/**
 * A private, throw-away Redis on a free port, so a test can take it down and bring it back
 * (the same port, the same URL) without touching the Redis other tests share.
 */
export async function startRedisServer() {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'devplay-redis-'));
  let child: ChildProcess | undefined;

  async function start() {
    if (child) return;
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir];
    // No persistence: a restart comes back empty, like a Redis that lost its memory.
    args.push('--save', '', '--appendonly', 'no', '--loglevel', 'warning');
    const started = spawn('redis-server', args, { stdio: 'ignore' });
    child = started;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    const deadline = Date.now() + 5_000;
    while (!(await answersPing(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop() {
    const running = child;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    /** Starts it again on the same port after `stop`. */
    start,
    /** Kills it at once, as a crash would: clients see their connections drop. */
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;
