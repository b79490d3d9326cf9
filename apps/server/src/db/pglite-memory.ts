import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PostgreSQL's default 128 MB of shared buffers is memory PGlite allocates and touches when it
 * starts, so it stays resident however small the database is. The tables are files the
 * operating system caches anyway, and a buffer miss costs one read from that cache, so 32 MB
 * (4,096 pages, several times a community's working set of members, posts and messages) keeps
 * the process about 100 MB smaller. Temporary tables are not used, so their buffers shrink too.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'temp_buffers=2MB',
];

const hasDatabase = (dir: string) =>
  access(path.join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/**
 * A new data folder needs initdb, which runs a second PostgreSQL (and initdb's own WebAssembly)
 * inside the process: about 700 MB that V8 keeps mapped long after. Done in a child process
 * that exits, that memory goes back to the system and the server opens a finished folder.
 */
export async function initdbInChild(dir: string): Promise<void> {
  if (await hasDatabase(dir)) return;
  const script = [
    "const { PGlite } = await import('@electric-sql/pglite');",
    `const client = new PGlite(${JSON.stringify(path.resolve(dir))});`,
    'await client.waitReady;',
    'await client.close();',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    // The package resolves from beside this file, as the server's own import does.
    cwd: path.dirname(fileURLToPath(import.meta.url)),
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`Could not create the database in ${dir} (initdb exited ${code}): ${stderr}`);
  }
}
