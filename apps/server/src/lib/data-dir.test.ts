import { chmod, lstat, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { prepareDataDir } from './data-dir';

/** A folder of its own in the system's temporary one, removed when the test ends. */
async function scratch(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const modeOf = async (target: string) => (await lstat(target)).mode & 0o7777;

describe('DATA_DIR', () => {
  it('is created for its owner only', async () => {
    const dir = path.join(await scratch('devplay-data-'), 'new');
    await prepareDataDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it('takes group and others’ rights away from what is already in it', async () => {
    const dir = await scratch('devplay-data-');
    const outside = await scratch('devplay-outside-');
    await mkdir(path.join(dir, 'db', 'base'), { recursive: true });
    await writeFile(path.join(dir, 'db', 'base', 'table'), 'rows');
    await writeFile(path.join(dir, 'tool'), '#!/bin/sh');
    await writeFile(path.join(dir, 'private'), 'already fine');
    await symlink(outside, path.join(dir, 'elsewhere'));
    for (const [target, mode] of [
      [dir, 0o777],
      [path.join(dir, 'db'), 0o755],
      [path.join(dir, 'db', 'base'), 0o777],
      [path.join(dir, 'db', 'base', 'table'), 0o666],
      [path.join(dir, 'tool'), 0o775],
      [path.join(dir, 'private'), 0o600],
      [outside, 0o755],
    ] as const) {
      await chmod(target, mode);
    }

    expect(await prepareDataDir(dir)).toBe(5);

    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(path.join(dir, 'db'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'db', 'base'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'db', 'base', 'table'))).toBe(0o600);
    expect(await modeOf(path.join(dir, 'tool'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'private'))).toBe(0o600);
    // The link is not followed: what it points to is not DATA_DIR's.
    expect((await stat(outside)).mode & 0o7777).toBe(0o755);
  });
});
