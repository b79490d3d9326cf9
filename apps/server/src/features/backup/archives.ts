import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** The name `npm run backup` gives an archive it names itself: the time it began, in UTC. */
export const archiveName = (at = new Date()) =>
  `devplay-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

const ARCHIVE_NAME = /^devplay-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

/** The archives named so in `dir`, oldest first (the names sort as the times do). */
async function archivesIn(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => ARCHIVE_NAME.test(name)).sort();
}

/** When the newest archive in `dir` was written; null when there is none. */
export async function newestArchiveAt(dir: string) {
  const newest = (await archivesIn(dir)).at(-1);
  return newest ? (await stat(path.join(dir, newest))).mtimeMs : null;
}

/** Deletes all but the newest `keep` archives in `dir` (no other file); answers their names. */
export async function keepNewest(dir: string, keep: number) {
  const names = await archivesIn(dir);
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
