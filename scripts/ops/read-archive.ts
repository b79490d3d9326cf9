import * as tar from 'tar';
import { isStoredName } from '../../apps/server/src/lib/file-store';
import { BackupError, ENTRY, isManifest, type Manifest } from './archive';

/** A real manifest is a few KB; one past this is no manifest of ours. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

/** Plain files, as node-tar and old tars name them. */
const FILE_TYPES = ['File', 'OldFile'];

/** An entry's name without the `./` some tools put first or the `/` after a folder. */
const nameOf = (entryPath: string) => entryPath.replace(/^(\.\/)+/, '').replace(/\/+$/, '');

/**
 * Whether an entry is one a backup writes: manifest.json, jwt-secret and vapid-keys as files, db/ and
 * uploads/ as folders, with a table's rows (db/<table>.jsonl) or an upload under a name the
 * store makes (uploads/<name>) in them, as files. Nothing else: no link, device or deeper path.
 */
function isExpected(name: string, type: string) {
  const isFile = FILE_TYPES.includes(type);
  if (name === ENTRY.manifest || name === ENTRY.secret || name === ENTRY.vapidKeys) return isFile;
  if (name === ENTRY.tables || name === ENTRY.uploads) return type === 'Directory';
  const [folder, file, ...deeper] = name.split('/');
  if (!file || deeper.length || !isFile) return false;
  if (folder === ENTRY.tables) return /^\w{1,63}\.jsonl$/.test(file);
  return folder === ENTRY.uploads && isStoredName(file);
}

const refuse = (file: string, what: string) =>
  new BackupError(`${file}: ${what}. It was refused; nothing was changed.`);

/** Each table the manifest lists has its rows in the archive, and no rows are of another. */
function checkTables(file: string, manifest: Manifest, entries: Set<string>) {
  const names = manifest.tables.map((table) => table.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw refuse(file, `${ENTRY.manifest} lists table ${twice} twice`);
  const rowsOf = (name: string) => `${ENTRY.tables}/${name}.jsonl`;
  const missing = names.find((name) => !entries.has(rowsOf(name)));
  if (missing) {
    throw refuse(
      file,
      `${ENTRY.manifest} lists table ${missing}, but ${rowsOf(missing)} is missing`,
    );
  }
  const listed = new Set(names.map(rowsOf));
  const extra = [...entries].find((entry) => entry.endsWith('.jsonl') && !listed.has(entry));
  if (extra) throw refuse(file, `${extra} is a table ${ENTRY.manifest} does not list`);
}

/**
 * Reads the whole archive once, writing nothing, and answers its manifest: every entry must be
 * one a backup writes (see `isExpected`), once, and the manifest must list exactly the tables
 * whose rows are inside. What restore then unpacks is only ever what was checked here.
 */
export async function checkArchive(file: string): Promise<Manifest> {
  const refused: string[] = [];
  const entries = new Set<string>();
  const manifestChunks: Buffer[] = [];
  let manifestBytes = 0;
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry(entry) {
        const name = nameOf(entry.path);
        if (!isExpected(name, entry.type) || entries.has(name)) {
          refused.push(`${entry.path} (${entry.type})`);
          return;
        }
        entries.add(name);
        if (name !== ENTRY.manifest) return;
        entry.on('data', (chunk: Buffer) => {
          manifestBytes += chunk.length;
          if (manifestBytes <= MANIFEST_MAX_BYTES) manifestChunks.push(chunk);
        });
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} is not a readable backup archive (${reason})`);
  }
  if (refused.length) {
    const more = refused.length > 5 ? ` and ${refused.length - 5} more` : '';
    throw refuse(
      file,
      'it holds what no DevPlay backup has: ' +
        `${refused.slice(0, 5).join(', ')}${more} (a backup holds ${ENTRY.manifest}, ` +
        `${ENTRY.tables}/<table>.jsonl, ${ENTRY.uploads}/<image>, ${ENTRY.secret} and ${ENTRY.vapidKeys}, ` +
        'all regular files)',
    );
  }
  if (!entries.has(ENTRY.manifest)) {
    throw new BackupError(`${file} has no ${ENTRY.manifest}: it is not a DevPlay backup`);
  }
  let manifest: unknown;
  try {
    if (manifestBytes > MANIFEST_MAX_BYTES) throw new Error('too large');
    manifest = JSON.parse(Buffer.concat(manifestChunks).toString('utf8'));
  } catch {
    throw new BackupError(`${file}: ${ENTRY.manifest} is not valid JSON`);
  }
  if (!isManifest(manifest)) {
    throw new BackupError(`${file}: ${ENTRY.manifest} is not a DevPlay backup manifest`);
  }
  checkTables(file, manifest, entries);
  return manifest;
}

/** Unpacks a checked archive into `into`: only the entries `checkArchive` accepts. */
export const unpackArchive = (file: string, into: string) =>
  tar.extract({
    file,
    cwd: into,
    strict: true,
    filter: (entryPath, entry) => 'type' in entry && isExpected(nameOf(entryPath), entry.type),
  });

/** Checks an archive, then unpacks it into `into`; answers its manifest. */
export async function readArchive(file: string, into: string): Promise<Manifest> {
  const manifest = await checkArchive(file);
  await unpackArchive(file, into);
  return manifest;
}
