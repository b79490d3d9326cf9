/**
 * `npm run bench:messages` (issue 4): pairs of members exchange messages through the API while
 * their WebSockets listen. Reports send → event latency, messages/s, and lost or duplicated
 * events; first on one server process, then (with DATABASE_URL and REDIS_URL) with each
 * pair's two members connected to two different processes sharing PostgreSQL and Redis.
 */
import type { LiveEvent } from '@devplay/shared';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { openDatabase } from '../../apps/server/src/db/client';
import { startServer } from '../../e2e/support/server';
import { scratchPostgres } from './database';
import { seedUsers, signInAll } from './seed';
import { summarize } from './stats';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 20);
const MESSAGES_PER_PAIR = Number(process.env.BENCH_MESSAGES ?? 100);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0000';

async function listen(baseUrl: string, token: string, onEvent: (event: LiveEvent) => void) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.once('error', reject);
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as LiveEvent;
      if (event.type === 'unread:count') resolve();
      onEvent(event);
    });
  });
  return socket;
}

async function run(label: string, senderUrl: string, receiverUrl: string, tokens: string[]) {
  const sentAt = new Map<string, number>();
  const received = new Map<string, number>();
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    sockets.push(
      await listen(receiverUrl, tokens[pair * 2 + 1]!, (event) => {
        if (event.type !== 'message:new') return;
        const key = event.data.text;
        received.set(key, (received.get(key) ?? 0) + 1);
        const started = sentAt.get(key);
        if (started !== undefined && received.get(key) === 1)
          latencies.push(performance.now() - started);
      }),
    );
  }

  const started = performance.now();
  await Promise.all(
    Array.from({ length: PAIRS }, async (_, pair) => {
      const receiverId = pair * 2 + 2; // seeded ids: bench1 … benchN are users 1 … N
      for (let i = 0; i < MESSAGES_PER_PAIR; i++) {
        const text = `${label} pair ${pair} message ${i}`;
        sentAt.set(text, performance.now());
        const response = await fetch(`${senderUrl}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': tokens[pair * 2]! },
          body: JSON.stringify({ receiverId, text }),
        });
        if (response.status !== 201)
          throw new Error(`send failed: ${response.status} ${await response.text()}`);
      }
    }),
  );
  const expected = PAIRS * MESSAGES_PER_PAIR;
  const deadline = Date.now() + 10_000;
  while (received.size < expected && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  sockets.forEach((socket) => socket.close());

  const duplicates = [...received.values()].filter((n) => n > 1).length;
  return {
    setup: label,
    'messages/s': Math.round(expected / seconds),
    ...Object.fromEntries(
      Object.entries(summarize(latencies)).map(([k, v]) => [`latency ${k}`, v]),
    ),
    lost: expected - received.size,
    duplicated: duplicates,
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-bench-messages-'));
  const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
  const target = scratch ? { url: scratch.url } : { pgliteDir: path.join(dataDir, 'db') };
  const database = await openDatabase(target);
  await seedUsers(database.db, PAIRS * 2);
  await database.close();

  const env = { RATE_LIMITS: 'off', JWT_SECRET, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  const results = [];
  const one = await startServer(env, { dataDir });
  const tokens = await signInAll(one.url, PAIRS * 2);
  results.push(
    await run(`one process (${scratch ? 'PostgreSQL' : 'PGlite'})`, one.url, one.url, tokens),
  );
  await one.stop();

  if (scratch && process.env.REDIS_URL) {
    const withRedis = { ...env, REDIS_URL: process.env.REDIS_URL };
    const [a, b] = [
      await startServer(withRedis, { dataDir }),
      await startServer(withRedis, { dataDir }),
    ];
    results.push(await run('two processes (PostgreSQL + Redis)', a.url, b.url, tokens));
    await Promise.all([a.stop(), b.stop()]);
  } else {
    console.log('(set DATABASE_URL and REDIS_URL to measure across two processes)');
  }

  console.log(
    `\n${PAIRS} pairs × ${MESSAGES_PER_PAIR} messages, each pair sending one after another`,
  );
  console.table(results);
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
  if (results.some((r) => r.lost > 0 || r.duplicated > 0)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
