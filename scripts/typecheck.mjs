// Typechecks every TypeScript project with TypeScript 7's native compiler, several times quicker
// than 6's. The `typescript` package stays at 6 for the tools that load its JavaScript API
// (typescript-eslint, dependency-cruiser), which 7 no longer has; both read the same tsconfigs.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = [
  'packages/shared',
  'apps/server',
  'apps/web',
  'apps/web/tsconfig.worker.json',
  'e2e',
  'scripts',
];

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);

// Every project is checked, so one run names every project that fails.
const failed = PROJECTS.filter(
  (project) =>
    spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' })
      .status !== 0,
);
if (failed.length) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
