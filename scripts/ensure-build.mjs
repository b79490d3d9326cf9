// `npm start` builds when there is no build, or when the build is older than what it is built
// from (a `git pull` brings new sources and migrations: the old build must not run against them).
// An up-to-date build starts at once: the check compares modification times and stops at the
// first newer file.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/server/dist/server.js',
  'apps/server/dist/cluster.js',
];

/** What the build is made from: folders walked whole, and single files. */
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/public',
  'packages/shared/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/shared/package.json',
  'package.json',
  'package-lock.json',
];

/** Tests are not built; a changed test must not cost a rebuild. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The first file under `entry` modified after `time`, or null. */
function newerThan(entry, time) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return null;
  }
  if (!stats.isDirectory()) return stats.mtimeMs > time ? entry : null;
  for (const item of readdirSync(entry, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name === 'dist' || isTest(item.name)) continue;
    const found = newerThan(path.join(entry, item.name), time);
    if (found) return found;
  }
  return null;
}

/**
 * Why `root` needs a build: `{ missing: true }`, `{ newer: 'relative/path' }`, or null when the
 * build is up to date.
 */
export function buildNeed(root) {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  if (!outputs.every((file) => existsSync(file))) return { missing: true };
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  for (const source of SOURCES) {
    const found = newerThan(path.join(root, source), builtAt);
    if (found) return { newer: path.relative(root, found) };
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const need = buildNeed(root);
  if (need) {
    console.log(
      need.missing
        ? 'First start: building the web app and the server…'
        : `${need.newer} changed since the last build: building the web app and the server again…`,
    );
    execSync('npm run build', { stdio: 'inherit', cwd: root });
  }
}
