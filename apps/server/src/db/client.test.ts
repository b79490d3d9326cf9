import { readdir, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

async function openToOthers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const modes = await Promise.all(
    entries.map(async (name) => (await stat(path.join(dir, name))).mode),
  );
  return entries.filter((_, i) => modes[i]! & 0o077);
}

describe('the embedded database on disk', () => {
  it('is readable and writable by its owner only', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'devplay-db-')), 'db');
    const database = await openDatabase({ pgliteDir: dir });
    try {
      expect(await openToOthers(dir)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
