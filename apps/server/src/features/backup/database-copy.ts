import { constants, type Stats } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file's identity and state when it was copied. */
type Copied = Pick<Stats, 'ino' | 'size' | 'mtimeMs'>;

/**
 * Files are compared by modification time; writes stamp it from a clock that may lag the real
 * time by a tick (a few milliseconds). A file touched within this margin before the first pass
 * began is copied again.
 */
const CLOCK_MARGIN_MS = 1_000;

/** Files copied at once in the first pass: a database folder holds a thousand small ones. */
const AT_ONCE = 16;

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function filesUnder(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(dir, path.join(entry.parentPath, entry.name));
  return {
    folders: entries.filter((entry) => entry.isDirectory()).map(relative),
    files: entries.filter((entry) => entry.isFile()).map(relative),
  };
}

/** Copies `from/name` to `to/name`, noting what the file was; false when it went meanwhile. */
async function copyOne(from: string, to: string, name: string, copied: Map<string, Copied>) {
  try {
    const { ino, size, mtimeMs } = await stat(path.join(from, name));
    // A reflink where the filesystem offers one, a plain copy elsewhere.
    await copyFile(path.join(from, name), path.join(to, name), constants.COPYFILE_FICLONE);
    copied.set(name, { ino, size, mtimeMs });
  } catch (error) {
    if (!gone(error)) throw error;
  }
}

/**
 * Copies a database folder that is being written to, in two passes: `first` copies everything
 * while the database works on; `last`, to be run while it writes nothing, copies again every
 * file written, replaced or added since the first began and deletes those that went. The result
 * is the folder as it stands during `last`, which takes only as long as the recent changes do.
 */
export function databaseCopy(from: string, to: string) {
  const copied = new Map<string, Copied>();
  let since = 0;
  return {
    async first() {
      since = Date.now() - CLOCK_MARGIN_MS;
      const { folders, files } = await filesUnder(from);
      for (const folder of ['', ...folders])
        await mkdir(path.join(to, folder), { recursive: true });
      for (let start = 0; start < files.length; start += AT_ONCE) {
        const group = files.slice(start, start + AT_ONCE);
        await Promise.all(group.map((file) => copyOne(from, to, file, copied)));
      }
    },
    async last() {
      const { folders, files } = await filesUnder(from);
      for (const folder of folders) await mkdir(path.join(to, folder), { recursive: true });
      const present = new Set(files);
      for (const file of files) {
        const now = await stat(path.join(from, file));
        const then = copied.get(file);
        const same = then && then.ino === now.ino && then.size === now.size && now.mtimeMs < since;
        if (!same) await copyOne(from, to, file, copied);
      }
      for (const file of copied.keys()) {
        if (!present.has(file)) await rm(path.join(to, file), { force: true });
      }
    },
  };
}
