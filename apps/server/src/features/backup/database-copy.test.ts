import { mkdir, mkdtemp, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseCopy } from './database-copy';

let from: string;
let to: string;
beforeEach(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'devplay-copy-'));
  [from, to] = [path.join(root, 'db'), path.join(root, 'copy')];
  await mkdir(path.join(from, 'base'), { recursive: true });
});
afterEach(() => rm(path.dirname(from), { recursive: true, force: true }));

const contents = async (dir: string) => {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  );
  const read = files.map(async (e) => {
    const file = path.join(e.parentPath, e.name);
    return [path.relative(dir, file), await readFile(file, 'utf8')] as const;
  });
  return Object.fromEntries(await Promise.all(read));
};

/** A file last written long before the copy began. */
async function old(name: string, text: string) {
  await writeFile(path.join(from, name), text);
  const then = new Date(Date.now() - 3_600_000);
  await utimes(path.join(from, name), then, then);
}

describe('copying a database folder that is written to meanwhile', () => {
  it('ends as the folder stands at the last pass: written, replaced, added and removed files', async () => {
    await old('base/kept', 'kept');
    await old('base/written', 'before');
    await old('base/replaced', 'before');
    await old('base/removed', 'before');
    const copying = databaseCopy(from, to);
    await copying.first();
    // What the database does between the passes.
    await writeFile(path.join(from, 'base/written'), 'after!');
    // Put in place under the old name, with an old time: only its identity tells.
    await old('base/replacement', 'after!');
    await rename(path.join(from, 'base/replacement'), path.join(from, 'base/replaced'));
    await rm(path.join(from, 'base/removed'));
    await mkdir(path.join(from, 'pg_wal'));
    await writeFile(path.join(from, 'pg_wal/segment'), 'new');
    await copying.last();
    expect(await contents(to)).toEqual(await contents(from));
    expect(await contents(to)).toEqual({
      'base/kept': 'kept',
      'base/written': 'after!',
      'base/replaced': 'after!',
      'pg_wal/segment': 'new',
    });
  });
});
