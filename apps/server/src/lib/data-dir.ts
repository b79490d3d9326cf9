import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Permission bits of group and others: DATA_DIR holds the database, uploads and the secret. */
const GROUP_AND_OTHERS = 0o077;

/**
 * Creates DATA_DIR for its owner only and takes group and others' rights away from anything in
 * it that has them (a directory made before this rule, files copied in). Symbolic links inside
 * are left alone: chmod would follow them out of DATA_DIR. Returns how many entries changed.
 */
export async function prepareDataDir(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let changed = 0;
  const visit = async (target: string, mode: number, isDirectory: boolean) => {
    if (mode & GROUP_AND_OTHERS) {
      await chmod(target, mode & ~GROUP_AND_OTHERS & 0o7777);
      changed++;
    }
    if (!isDirectory) return;
    const entries = await readdir(target, { withFileTypes: true });
    await Promise.all(
      entries
        .filter((entry) => !entry.isSymbolicLink())
        .map(async (entry) => {
          const child = path.join(target, entry.name);
          await visit(child, (await lstat(child)).mode, entry.isDirectory());
        }),
    );
  };
  // DATA_DIR itself may be a link to a mounted volume: that one link is followed on purpose.
  const root = await stat(dir);
  await visit(dir, root.mode, root.isDirectory());
  return changed;
}
