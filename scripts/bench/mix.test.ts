import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'apps/server/dist/server.js'));
const TIMEOUT_MS = 120_000;

if (!built)
  console.warn(
    'bench:mix test skipped: apps/server/dist is missing (npm run build -w apps/server)',
  );

describe('npm run bench:mix -- --quick', () => {
  it.skipIf(!built)(
    'runs the mix on PGlite against the built server and gets no error answer',
    async () => {
      const env = { ...process.env };
      // PGlite only: the CI's PostgreSQL belongs to the test suites.
      delete env.DATABASE_URL;
      delete env.REDIS_URL;
      const { code, output } = await new Promise<{ code: number; output: string }>((resolve) =>
        execFile(
          path.join(root, 'node_modules/.bin/tsx'),
          ['scripts/bench/mix.ts', '--quick'],
          { cwd: root, env, timeout: TIMEOUT_MS, maxBuffer: 10_000_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code) || 1 : 0, output: stdout + stderr }),
        ),
      );
      expect(output).toContain('### PGlite, 1 process');
      expect(output).toMatch(/error answers: 0;/);
      expect(
        Number(/\| \*\*total\*\* \| ([\d,]+) \|/.exec(output)?.[1]?.replace(/,/g, '')),
      ).toBeGreaterThan(0);
      expect(code, output).toBe(0);
    },
    TIMEOUT_MS + 10_000,
  );
});
