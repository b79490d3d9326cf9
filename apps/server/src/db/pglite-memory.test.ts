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
 * Opens the embedded database in a process of its own, as the server does, and reports that
 * process's peak memory (the initdb child's is its own, returned when it exits).
 */
async function openInFreshProcess(dir: string) {
  const script = `
    import { sql } from 'drizzle-orm';
    const { openDatabase } = await import(${JSON.stringify(client)});
    const database = await openDatabase({ pgliteDir: ${JSON.stringify(dir)} });
    const { rows } = await database.db.execute(sql\`SHOW shared_buffers\`);
    const members = await database.db.execute(sql\`SELECT count(*)::int AS n FROM users\`);
    await database.close();
    console.log(JSON.stringify({
      peakBytes: process.resourceUsage().maxRSS * 1024,
      sharedBuffers: rows[0].shared_buffers,
      members: members.rows[0].n,
    }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: import.meta.dirname },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    peakBytes: number;
    sharedBuffers: string;
    members: number;
  };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('the embedded database’s memory', () => {
  let dataDir: string;
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('stays under 400 MB on a first start and after a restart', { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-pglite-memory-'));
    const dir = path.join(dataDir, 'db');

    const first = await openInFreshProcess(dir);
    expect(first.members).toBe(0);
    expect(first.sharedBuffers).toBe('32MB');
    expect(first.peakBytes).toBeLessThan(400 * MB);

    const again = await openInFreshProcess(dir);
    expect(again.peakBytes).toBeLessThan(400 * MB);
  });
});
