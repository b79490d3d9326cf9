import { readdir, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Ids of other processes holding files open under `dir` (Linux: /proc). PGlite's files belong
 * to one process at a time and a running server keeps its write-ahead log open, so this tells
 * whether a server is using an embedded database. Where /proc is missing nothing is found.
 */
export async function processesUsing(dir: string): Promise<number[]> {
  const root = await realpath(dir).catch(() => null);
  if (!root) return [];
  const pids = await readdir('/proc').catch(() => [] as string[]);
  const holders: number[] = [];
  for (const pid of pids) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target === root || target.startsWith(root + path.sep)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}
