import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const MB = 1024 * 1024;
const client = pathToFileURL(path.join(import.meta.dirname, 'client.ts')).href;

/**
 * Opens the embedded database in a process of its own, as the server does, and reports what
 * opening it added to that process's peak memory (the initdb child's is its own, returned when it
 * exits). The modules are loaded first and left out: compiled by tsx they take 155 MB of their
 * own on a quiet host and more on a busy one, where the whole process peaked at 423 MB against
 * 344–358 MB quiet. Opening adds 189–199 MB on a first start and 155–164 MB after; with initdb
 * in the server's process and 128 MB of shared buffers, as before, it added about 600 MB.
 */
async function openInFreshProcess(dir: string) {
  const script = `
    import { sql } from 'drizzle-orm';
    const { openDatabase } = await import(${JSON.stringify(client)});
    const loaded = process.memoryUsage().rss;
    const database = await openDatabase({ pgliteDir: ${JSON.stringify(dir)} });
    const { rows } = await database.db.execute(sql\`SHOW shared_buffers\`);
    const members = await database.db.execute(sql\`SELECT count(*)::int AS n FROM users\`);
    await database.close();
    console.log(JSON.stringify({
      openingBytes: process.resourceUsage().maxRSS * 1024 - loaded,
      sharedBuffers: rows[0].shared_buffers,
      members: members.rows[0].n,
    }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: import.meta.dirname },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    openingBytes: number;
    sharedBuffers: string;
    members: number;
  };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('the embedded database’s memory', () => {
  let dataDir: string;
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'takes under 300 MB to open, on a first start and after a restart',
    { timeout: 180_000 },
    async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-pglite-memory-'));
      const dir = path.join(dataDir, 'db');

      const first = await openInFreshProcess(dir);
      expect(first.members).toBe(0);
      expect(first.sharedBuffers).toBe('32MB');
      expect(first.openingBytes).toBeLessThan(300 * MB);

      const again = await openInFreshProcess(dir);
      expect(again.openingBytes).toBeLessThan(300 * MB);
    },
  );
});
