import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import type { Migration } from './migrations';

/** A file of uploads/ the backup left out, and why. */
export type SkippedFile = { name: string; reason: 'deleted while read' | 'not an upload' };

/** What a backup says of itself (`manifest.json` at the archive's root). */
export type Manifest = {
  format: 1;
  version: string | null;
  migration: Migration;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The app's tables in load order, with their row counts. */
  tables: { name: string; rows: number }[];
  uploads: number;
  /** Whether the secret generated into DATA_DIR is inside (none when JWT_SECRET is set). */
  secret: boolean;
  /** Whether the VAPID key pair generated into DATA_DIR is inside (absent from older backups). */
  vapidKeys?: boolean;
  /** Files listed under uploads/ but not archived (absent from backups made before it). */
  skippedFiles?: SkippedFile[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The fields restore relies on; table names go into SQL and file names, so only word characters. */
export function isManifest(value: unknown): value is Manifest {
  if (!isObject(value) || value.format !== 1 || !isObject(value.migration)) return false;
  const { idx, tag, when } = value.migration;
  return (
    Number.isInteger(idx) &&
    typeof tag === 'string' &&
    Number.isInteger(when) &&
    typeof value.createdAt === 'string' &&
    Array.isArray(value.tables) &&
    value.tables.every(
      (table) =>
        isObject(table) &&
        typeof table.name === 'string' &&
        /^\w{1,63}$/.test(table.name) &&
        Number.isInteger(table.rows),
    ) &&
    Number.isInteger(value.uploads) &&
    typeof value.secret === 'boolean'
  );
}

/** The archive's layout: the same names as in DATA_DIR, where they exist there. */
export const ENTRY = {
  manifest: 'manifest.json',
  tables: 'db',
  uploads: 'uploads',
  secret: 'jwt-secret',
  /** Web Push's key pair (features/push/vapid-keys.ts): devices subscribed to it keep working. */
  vapidKeys: 'vapid-keys',
} as const;

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Writes the staged entries as the archive, beside its final name, and renames it when
 * complete, so a failure never leaves a file that looks like a backup.
 */
export async function writeArchive(stage: string, manifest: Manifest, out: string) {
  await writeFile(path.join(stage, ENTRY.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries: string[] = [ENTRY.manifest, ENTRY.tables];
  if (manifest.uploads) entries.push(ENTRY.uploads);
  if (manifest.secret) entries.push(ENTRY.secret);
  if (manifest.vapidKeys) entries.push(ENTRY.vapidKeys);
  await mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  try {
    await tar.create({ gzip: true, file: partial, cwd: stage, portable: true }, entries);
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
