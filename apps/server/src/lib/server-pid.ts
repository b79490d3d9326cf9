import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's files: a second process opening them (the admin CLI
 * while the server runs) would corrupt them. The server leaves its pid in DATA_DIR while it runs,
 * and tools that open the database refuse while that process lives.
 */
const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks DATA_DIR as in use by this process until it exits. */
export function markServerRunning(dataDir: string) {
  const file = pidFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    // Only our own mark: a server started since (after a crash) wrote its own.
    if (runningServerPid(dataDir) === process.pid) rmSync(file, { force: true });
  });
}

/** The pid of a live server process using DATA_DIR, or null (no mark, or a stale one). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile(dataDir), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
