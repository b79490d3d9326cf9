import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildNeed } from './ensure-build.mjs';

let root: string;
const BUILT_AT = new Date('2026-01-02T00:00:00Z');
const BEFORE = new Date('2026-01-01T00:00:00Z');
const AFTER = new Date('2026-01-03T00:00:00Z');

/** Writes a file of the tree dated `time`. */
async function put(file: string, time: Date) {
  const full = path.join(root, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, 'x');
  await utimes(full, time, time);
}

const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/server/dist/server.js',
  'apps/server/dist/cluster.js',
];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'devplay-ensure-build-'));
  await put('apps/server/src/server.ts', BEFORE);
  await put('apps/web/src/main.tsx', BEFORE);
  await put('packages/shared/src/index.ts', BEFORE);
  await put('apps/web/index.html', BEFORE);
  await put('package-lock.json', BEFORE);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const build = () => Promise.all(OUTPUTS.map((file) => put(file, BUILT_AT)));

describe('whether npm start must build first', () => {
  it('builds when there is no build, or only part of one', async () => {
    expect(buildNeed(root)).toEqual({ missing: true });
    await put('apps/web/dist/index.html', BUILT_AT);
    expect(buildNeed(root)).toEqual({ missing: true });
  });

  it('starts at once when nothing changed since the build', async () => {
    await build();
    expect(buildNeed(root)).toBeNull();
  });

  it.each([
    'apps/server/src/features/posts/routes.ts',
    'apps/web/src/main.tsx',
    'packages/shared/src/index.ts',
    'apps/web/index.html',
    'apps/server/src/db/migrations/0099_next.sql',
    'package-lock.json',
    'apps/web/vite.config.ts',
  ])('builds again when %s is newer than the build', async (file) => {
    await build();
    await put(file, AFTER);
    expect(buildNeed(root)).toEqual({ newer: file });
  });

  it('compares with the oldest output, so a half-finished build counts as old', async () => {
    await build();
    await put('apps/web/dist/index.html', BEFORE);
    await put('apps/web/src/main.tsx', new Date('2026-01-01T12:00:00Z'));
    expect(buildNeed(root)).toEqual({ newer: 'apps/web/src/main.tsx' });
  });

  it('does not rebuild for a changed test or anything under node_modules', async () => {
    await build();
    await put('apps/server/src/features/posts/routes.test.ts', AFTER);
    await put('apps/web/src/app.test.tsx', AFTER);
    await put('apps/web/src/node_modules/x/index.js', AFTER);
    expect(buildNeed(root)).toBeNull();
  });
});
