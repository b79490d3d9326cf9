import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { databaseCopy } from './database-copy';

/** Where a running embedded server listens for `npm run backup` (DATA_DIR is its owner's only). */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** The copies this server makes for a backup, beside the database it copies. */
const COPY_PREFIX = '.db-copy-';

/** What the server answers a backup's request with: one line of JSON. */
export type BackupSocketAnswer = { copy: string } | { error: string };

/**
 * PGlite's files belong to the server's process, so a backup of the embedded database asks the
 * server for them. It copies the database folder while members carry on, then copies again what
 * changed meanwhile inside a transaction with nothing in it: that holds PGlite's one connection,
 * so no statement runs, and the copy is a state PostgreSQL opens as after a power cut, every
 * committed transaction in, no half of any. Members' statements wait for that second pass only.
 * The backup reads the rows from the copy in its own process. Until it hangs up, uploaded files
 * are not deleted (a backup must find every file its rows name), and then the copy goes.
 */
async function answer(app: FastifyInstance, socket: Socket, dataDir: string) {
  const hungUp = new Promise((resolve) => socket.once('close', resolve));
  const release = app.storage.holdDeletions();
  let into: string | undefined;
  try {
    into = await mkdtemp(path.join(dataDir, COPY_PREFIX));
    const copy = path.join(into, 'db');
    const copying = databaseCopy(path.join(dataDir, 'db'), copy);
    await copying.first();
    const started = performance.now();
    await app.db.transaction(() => copying.last());
    const heldMs = Math.round(performance.now() - started);
    app.log.info({ heldMs }, 'database copied for a backup');
    socket.end(`${JSON.stringify({ copy } satisfies BackupSocketAnswer)}\n`);
  } catch (err) {
    app.log.error({ err }, 'copying the database for a backup failed');
    const reason = err instanceof Error ? err.message : String(err);
    socket.end(`${JSON.stringify({ error: reason } satisfies BackupSocketAnswer)}\n`);
  }
  await hungUp;
  release();
  if (into) await rm(into, { recursive: true, force: true });
}

/** Copies a crash or a kill left behind: nobody reads them any more. */
async function removeOldCopies(dataDir: string) {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((entry) => entry.startsWith(COPY_PREFIX))
      .map((entry) => rm(path.join(dataDir, entry), { recursive: true, force: true })),
  );
}

export default fp(
  async function backupSocketPlugin(app: FastifyInstance, options: { dataDir: string }) {
    const file = backupSocketPath(options.dataDir);
    const sockets = new Set<Socket>();
    const server = createServer({ allowHalfOpen: true }, (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      // The request is the connection itself; what it sends is not read.
      socket.resume();
      void answer(app, socket, options.dataDir);
    });
    app.addHook('onReady', async () => {
      await removeOldCopies(options.dataDir);
      // A socket file left by a server that was killed refuses a new listen: this one replaces it.
      await rm(file, { force: true });
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(file, () => resolve());
        });
        await chmod(file, 0o600);
      } catch (err) {
        // A DATA_DIR path too long for a socket's name, say: backups then want the server stopped.
        app.log.warn({ err }, `backups cannot reach this server (${file}): stop it to back up`);
      }
    });
    app.addHook('onClose', async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await rm(file, { force: true });
    });
  },
  { name: 'backup-socket', dependencies: ['storage'] },
);
