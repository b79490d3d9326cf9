import { imageCopies } from '@devplay/shared';
import { constants, createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '../../apps/server/src/config';
import { isStoredName } from '../../apps/server/src/lib/file-store';
import { BackupError, ENTRY, type SkippedFile } from './archive';
import { bucketSource } from './bucket-uploads';
import { exists } from './files';
import { inGroups } from './in-groups';

/** Where uploads are read from: the names there, and a way to put one into the stage. */
export type UploadSource = {
  names: () => Promise<string[]>;
  /** False when the file is gone. */
  copy: (name: string, to: string) => Promise<boolean>;
  close: () => void;
};

/** What the tests may do between listing the uploads and reading them. */
export type BackupSteps = { afterListing?: (names: string[]) => Promise<void> };

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * DATA_DIR/uploads. A file is linked into the stage (the stage lies in DATA_DIR: the same disk),
 * so it stays readable even if it is deleted before the archive is written; copied where links
 * are refused.
 */
function diskSource(dir: string): UploadSource {
  return {
    names: async () => ((await exists(dir)) ? readdir(dir) : []),
    async copy(name, to) {
      const from = path.join(dir, name);
      try {
        await link(from, to).catch((error: unknown) => {
          if (gone(error)) throw error;
          return copyFile(from, to, constants.COPYFILE_FICLONE);
        });
        return true;
      } catch (error) {
        if (gone(error)) return false;
        throw error;
      }
    },
    close: () => undefined,
  };
}

/** Every file the backup's rows name: each upload and a post image's narrower copies. */
async function namedInSnapshot(tablesDir: string) {
  const names = new Set<string>();
  const file = path.join(tablesDir, 'uploads.jsonl');
  if (!(await exists(file))) return names;
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    if (!line) continue;
    for (const { url } of JSON.parse(line) as { url: string }[]) {
      for (const file of [url, ...imageCopies(url).map((copy) => copy.url)]) {
        names.add(path.posix.basename(file));
      }
    }
  }
  return names;
}

/**
 * Puts every upload into the stage's uploads/, after the database's rows were staged. A file
 * deleted between listing and reading is left out, when the rows no longer name it either
 * (servers hold deletions while a backup runs: plugins/held-deletions.ts). One the rows still
 * name is a hole in the backup: refused. Files of other names are no uploads: left out.
 */
export async function stageUploads(config: Config, stage: string, steps: BackupSteps = {}) {
  const source = config.s3
    ? bucketSource(config.s3)
    : diskSource(path.join(config.dataDir, ENTRY.uploads));
  const into = path.join(stage, ENTRY.uploads);
  await mkdir(into);
  const skipped: SkippedFile[] = [];
  let count = 0;
  try {
    const names = await source.names();
    await steps.afterListing?.(names);
    for (const name of names.filter((name) => !isStoredName(name))) {
      skipped.push({ name, reason: 'not an upload' });
    }
    const vanished: string[] = [];
    await inGroups(names.filter(isStoredName), async (name) => {
      if (await source.copy(name, path.join(into, name))) count++;
      else vanished.push(name);
    });
    const named = vanished.length ? await namedInSnapshot(path.join(stage, ENTRY.tables)) : null;
    const lost = vanished.filter((name) => named?.has(name));
    if (lost.length) {
      throw new BackupError(
        `${lost.slice(0, 5).join(', ')} went while the backup read it, though the database ` +
          'still names it: a process deleted it without waiting for the backup (a server of an ' +
          'older version, or by hand). Run the backup again. No archive was written.',
      );
    }
    skipped.push(...vanished.map((name) => ({ name, reason: 'deleted while read' as const })));
  } finally {
    source.close();
  }
  return { count, skipped };
}
