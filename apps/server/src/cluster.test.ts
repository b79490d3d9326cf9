import type { LiveEvent } from '@devplay/shared';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openDatabase } from './db/client';
import { users } from './db/schema/index';
import { hashPassword } from './lib/passwords';
import { freePort, isAlive, startCluster, statusOnNewConnection } from './test/cluster-process';
import { createDatabase, dropDatabase } from './test/postgres-admin';
import { eventually } from './test/live-client';

describe.runIf(process.env.TEST_DB !== 'postgres')('the cluster refuses to start', () => {
  it('with several workers and no DATABASE_URL, before forking any', async () => {
    const cluster = startCluster({ WEB_CONCURRENCY: '2' });
    expect(await cluster.exited).toEqual({ code: 1, signal: null });
    expect(cluster.output()).toContain('2 workers need DATABASE_URL');
    expect(cluster.servingPids()).toEqual([]);
  });

  it.each(['0', 'two', '1.5', '300'])('with WEB_CONCURRENCY=%s', async (value) => {
    const cluster = startCluster({ WEB_CONCURRENCY: value });
    expect(await cluster.exited).toEqual({ code: 1, signal: null });
    expect(cluster.output()).toContain('WEB_CONCURRENCY: a whole number of worker processes');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres' && process.env.TEST_REDIS_URL)(
  'two workers on PostgreSQL and Redis',
  () => {
    const name = `devplay_test_cluster_${randomBytes(4).toString('hex')}`;
    let databaseUrl: string;
    let dataDir: string;
    let baseUrl: string;
    let cluster: ReturnType<typeof startCluster>;

    beforeAll(async () => {
      // An empty database: both workers apply the migrations at once, as in production.
      databaseUrl = await createDatabase(name);
      dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-cluster-'));
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      cluster = startCluster({
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.TEST_REDIS_URL!,
        JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'debug',
      });
      await eventually(() => cluster.servingPids().length === 2, 50_000);
    });

    afterAll(async () => {
      if (cluster.child.exitCode === null) {
        cluster
          .servingPids()
          .filter(isAlive)
          .forEach((pid) => process.kill(pid, 'SIGKILL'));
        cluster.child.kill('SIGKILL');
      }
      await dropDatabase(name);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('serves one port from two worker processes', async () => {
      const [one, two] = cluster.servingPids();
      expect(one).not.toBe(two);
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(await statusOnNewConnection(`${baseUrl}/api/health`));
      expect(statuses).toEqual([200, 200, 200, 200]);
      // The supervisor writes the workers' format: one JSON object per line, with a level.
      const primary = cluster.logLines().filter((line) => line.pid === cluster.child.pid);
      expect(primary.map((line) => line.msg)).toContain(
        'cluster: starting 2 worker(s) on port ' + new URL(baseUrl).port,
      );
      expect(primary.every((line) => 'level' in line)).toBe(true);
      await eventually(() => cluster.answeringPids().size === 2);
      expect([...cluster.answeringPids()].sort()).toEqual([one, two].sort());
    });

    it("delivers a message sent through one worker to the receiver's sockets on both", async () => {
      const database = await openDatabase({ url: databaseUrl });
      const password = 'Cluster1!password';
      const passwordHash = await hashPassword(password);
      const [sender, receiver] = await database.db
        .insert(users)
        .values(
          ['sender', 'receiver'].map((role) => ({
            email: `${role}@example.com`,
            username: `cluster_${role}`,
            fullName: `Cluster ${role}`,
            passwordHash,
            isVerified: true,
          })),
        )
        .returning({ id: users.id, email: users.email });
      await database.close();
      const signIn = async (email: string) => {
        const response = await fetch(`${baseUrl}/api/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        return ((await response.json()) as { token: string }).token;
      };
      const [senderToken, receiverToken] = [
        await signIn(sender!.email),
        await signIn(receiver!.email),
      ];

      // Connections go to the workers in turn, so four sockets sit two on each worker.
      const received: LiveEvent[][] = [];
      const sockets: WebSocket[] = [];
      for (let i = 0; i < 4; i++) {
        const events: LiveEvent[] = [];
        const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/ws`);
        socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
        await new Promise((resolve) => socket.once('open', resolve));
        socket.send(JSON.stringify({ type: 'auth', token: receiverToken }));
        await eventually(() => events.some((event) => event.type === 'unread:count'));
        received.push(events);
        sockets.push(socket);
      }

      const send = async (text: string) => {
        const response = await fetch(`${baseUrl}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'access-token': senderToken },
          body: JSON.stringify({ receiverId: receiver!.id, text }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: number }).id;
      };
      // Other test files share this Redis channel: only these messages count.
      const [text, later] = [`across workers ${randomUUID()}`, `and then ${randomUUID()}`];
      const copies = (events: LiveEvent[], of: string) =>
        events.filter((event) => event.type === 'message:new' && event.data.text === of);
      const id = await send(text);
      await eventually(() => received.every((events) => copies(events, text).length > 0));
      // A duplicate would come before a message sent after the first had arrived everywhere.
      await send(later);
      await eventually(() => received.every((events) => copies(events, later).length > 0));
      for (const events of received)
        expect(copies(events, text).map((event) => event.data)).toMatchObject([{ id }]);
      sockets.forEach((socket) => socket.terminate());
    });

    it('starts a worker that died again', async () => {
      const [victim, survivor] = cluster.servingPids();
      process.kill(victim!, 'SIGKILL');
      await eventually(() => cluster.servingPids().length === 3, 50_000);
      expect(cluster.output()).toContain(`worker ${victim} exited (SIGKILL)`);
      const replacement = cluster.servingPids()[2]!;
      expect([victim, survivor]).not.toContain(replacement);
      expect(await statusOnNewConnection(`${baseUrl}/api/health`)).toBe(200);
    });

    it('on SIGTERM, lets the workers shut down and exits cleanly', async () => {
      const workers = cluster.servingPids().filter(isAlive);
      expect(workers).toHaveLength(2);
      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toEqual({ code: 0, signal: null });
      expect(workers.filter(isAlive)).toEqual([]);
      expect(cluster.output()).toContain('SIGTERM: stopping 2 worker(s)');
    });
  },
);
