/**
 * `npm run lint`: the API description the server publishes at /api/docs/json, checked with
 * Redocly's recommended rules (redocly.yaml at the root), and for the answers every route gives. The app is built as the server tests
 * build it (in-memory PGlite, no mail, nothing listening), so this runs wherever `npm ci` ran.
 *
 * `tsx scripts/openapi/lint.ts --out api.json` writes the description to a file instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { undocumentedSharedAnswers } from '../../apps/server/src/lib/openapi';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function apiDescription(): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-openapi-data-'));
  // Only these settings, not the environment's: the description is the same on every machine.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({
    config,
    database: await openDatabase({ pgliteDir: null }),
    jwtSecret: 'openapi-lint-secret-long-enough-for-hs256-0000',
    logger: false,
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const description = await apiDescription();
  // Redocly knows nothing of the answers every route gives (431, 503, 414 with a path parameter).
  const missing = undocumentedSharedAnswers(description);
  if (missing.length > 0) {
    console.error(`Answers every route gives are missing from:\n  ${missing.join('\n  ')}`);
    process.exitCode = 1;
    return;
  }
  const text = `${JSON.stringify(description, null, 2)}\n`;
  if (values.out) {
    await writeFile(values.out, text);
    return;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'devplay-openapi-'));
  const file = path.join(folder, 'api-docs.json');
  await writeFile(file, text);
  const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const { status } = spawnSync(
    process.execPath,
    [redocly, 'lint', path.basename(file), '--config', path.join(repoRoot, 'redocly.yaml')],
    {
      stdio: 'inherit',
      cwd: folder,
      // No telemetry and no update check: lint runs offline and says nothing about itself.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    },
  );
  if (status === 0) await rm(folder, { recursive: true, force: true });
  else console.error(`The description linted is kept at ${file}.`);
  process.exitCode = status ?? 1;
}

void main();
