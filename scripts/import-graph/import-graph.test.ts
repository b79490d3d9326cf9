import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

/**
 * Runs the repo's import rules (.dependency-cruiser.cjs) over a tree exactly as `npm run lint`
 * does, and reads its report lines: `error <rule>: <from> → <to>`.
 */
async function cruise(trees: string): Promise<{ exitCode: number; violations: string[][] }> {
  const args = [...trees.split(' '), '--config', '.dependency-cruiser.cjs'];
  let exitCode = 0;
  let report: string;
  try {
    ({ stdout: report } = await promisify(execFile)(depcruise, args, { cwd: root }));
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    exitCode = failed.code;
    report = failed.stdout;
  }
  const violations = [...report.matchAll(/^\s*error (\S+): (\S+) → (\S+)$/gm)].map((match) =>
    match.slice(1),
  );
  return { exitCode, violations };
}

const fixture = 'scripts/import-graph/fixture/apps';

describe('the import graph rules (DESIGN §3)', () => {
  it('fail on each forbidden import of the fixture, and only on those', async () => {
    const { exitCode, violations } = await cruise(fixture);

    expect(exitCode).not.toBe(0);
    expect(violations).toEqual(
      expect.arrayContaining([
        [
          'web-features-apart',
          `${fixture}/web/src/features/alpha/uses-beta.ts`,
          `${fixture}/web/src/features/beta/api.ts`,
        ],
        [
          'web-app-on-top',
          `${fixture}/web/src/components/home-link.ts`,
          `${fixture}/web/src/app/paths.ts`,
        ],
        [
          'server-features-apart',
          `${fixture}/server/src/features/alpha/routes.ts`,
          `${fixture}/server/src/features/beta/service.ts`,
        ],
        [
          'server-features-below-app',
          `${fixture}/server/src/features/beta/start.ts`,
          `${fixture}/server/src/app.ts`,
        ],
        [
          'server-use-cases-below-features',
          `${fixture}/server/src/use-cases/close-everything.ts`,
          `${fixture}/server/src/features/beta/service.ts`,
        ],
        [
          'server-platform-below-use-cases',
          `${fixture}/server/src/deps.ts`,
          `${fixture}/server/src/use-cases/close-everything.ts`,
        ],
        [
          'server-plugins-below-platform',
          `${fixture}/server/src/plugins/guard.ts`,
          `${fixture}/server/src/deps.ts`,
        ],
        [
          'server-config-on-lib',
          `${fixture}/server/src/config.ts`,
          `${fixture}/server/src/db/schema.ts`,
        ],
        [
          'server-db-below-plugins',
          `${fixture}/server/src/db/announces.ts`,
          `${fixture}/server/src/plugins/bus.ts`,
        ],
        [
          'server-lib-plain',
          `${fixture}/server/src/lib/reads-db.ts`,
          `${fixture}/server/src/db/schema.ts`,
        ],
        [
          'server-lib-plain',
          `${fixture}/server/src/lib/logger.ts`,
          `${fixture}/server/src/config.ts`,
        ],
      ]),
    );
    expect(violations).toHaveLength(11);
  });

  it('pass on the web app and the server', async () => {
    const { exitCode, violations } = await cruise('apps/web/src apps/server/src');

    expect(violations).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
