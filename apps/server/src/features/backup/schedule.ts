import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Config } from '../../config';
import { newestArchiveAt } from './archives';

type Backups = NonNullable<Config['backups']>;

/** How often the server looks whether a backup is due; the first look waits for start-up. */
const CHECK_EVERY_MS = 60_000;
/** A backup that takes longer is stopped: something hangs. */
const BACKUP_LIMIT_MS = 6 * 3_600_000;
/** After a failure (logged), the next attempt waits this long rather than a minute. */
const RETRY_AFTER_MS = 15 * 60_000;

/**
 * `npm run backup`, as a process of its own: its memory and work stay out of the server's, and
 * on the embedded database it asks this server for a copy as any backup does. Bundled, the
 * command is dist/backup.js beside the server (build.mjs); from the sources, run by tsx.
 */
function backupCommand(): string[] {
  if (!import.meta.url.endsWith('.ts'))
    return [fileURLToPath(new URL('./backup.js', import.meta.url))];
  const script = fileURLToPath(new URL('../../../../../scripts/ops/backup.ts', import.meta.url));
  return ['--import', import.meta.resolve('tsx'), script];
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the folder's lock (a file naming this process): of several processes of one machine
 * sharing BACKUP_DIR, one backs up. A lock whose process is gone is taken over.
 */
async function lockFolder(dir: string) {
  const lock = path.join(dir, '.devplay-backup.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: 'wx' });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await readFile(lock, 'utf8').catch(() => ''), 10);
      if (holder > 0 && alive(holder)) return null;
      await rm(lock, { force: true });
    }
  }
  return null;
}

/**
 * Writes an archive into BACKUP_DIR and keeps the newest BACKUP_KEEP, when the newest there is
 * older than BACKUP_INTERVAL: the folder is the schedule, so a restart neither skips a backup
 * nor makes one early. Answers whether one was made.
 */
export async function backupIfDue(
  { dir, intervalMs, keep }: Backups,
  log: FastifyBaseLogger,
  env = process.env,
) {
  const due = async () => Date.now() - ((await newestArchiveAt(dir)) ?? 0) >= intervalMs;
  if (!(await due())) return false;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const unlock = await lockFolder(dir);
  if (!unlock) return false;
  try {
    // Another process may have finished one while this one waited for the lock.
    if (!(await due())) return false;
    const [command, ...args] = [process.execPath, ...backupCommand()];
    const { stdout } = await promisify(execFile)(
      command!,
      [...args, '--dir', dir, '--keep', String(keep)],
      { env, timeout: BACKUP_LIMIT_MS, maxBuffer: 1024 * 1024 },
    );
    log.info({ output: stdout.trim().split('\n') }, 'scheduled backup written');
    return true;
  } finally {
    await unlock();
  }
}

/** BACKUP_DIR set: the server backs itself up every BACKUP_INTERVAL (docs/operations.md). */
export default fp(
  async function backupSchedulePlugin(app: FastifyInstance, backups: Backups) {
    let running: Promise<unknown> | undefined;
    let waitUntil = 0;
    const check = () => {
      if (Date.now() < waitUntil) return;
      running ??= backupIfDue(backups, app.log)
        .catch((err: unknown) => {
          waitUntil = Date.now() + RETRY_AFTER_MS;
          app.log.error({ err }, 'scheduled backup failed; trying again in 15 minutes');
        })
        .finally(() => (running = undefined));
    };
    const every = setInterval(check, CHECK_EVERY_MS).unref();
    // A backup under way finishes on its own (on the embedded database it fails once this
    // server stops answering it, and cleans up after itself).
    app.addHook('onClose', async () => clearInterval(every));
  },
  { name: 'backup-schedule' },
);
