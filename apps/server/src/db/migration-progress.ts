import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../lib/paths';
import { VERSION } from '../lib/version';

/** What start-up says while the database is prepared, one line at a time. */
export type ProgressListener = (line: string) => void;

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/** A migration as the build's journal lists it; drizzle records `when` as its `created_at`. */
type JournalEntry = { tag: string; when: number };

/** A database that a newer build migrated: this one must not run on it. */
export class NewerDatabaseError extends Error {
  override name = 'NewerDatabaseError';
}

async function journalEntries(): Promise<JournalEntry[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries;
}

/** When each applied migration was written (drizzle's own table); none without that table. */
const appliedMigrations = (query: Query) =>
  query('select created_at::text as "when" from drizzle.__drizzle_migrations order by 1').then(
    ({ rows }) => (rows as { when: string }[]).map((row) => Number(row.when)),
    () => [],
  );

const dated = (when: number) => new Date(when).toISOString().slice(0, 10);

/**
 * Refuses a database that holds a migration this build does not know: a newer release applied
 * it. drizzle's migrator would say nothing and start, and this build's statements would then
 * meet tables they were not written for. The operator hears both levels and the way back.
 */
function refuseNewer(applied: number[], journal: JournalEntry[]) {
  const known = new Set(journal.map((entry) => entry.when));
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length === 0) return;
  const last = journal.at(-1)!;
  throw new NewerDatabaseError(
    [
      `The database was migrated by a newer DevPlay than this one (${VERSION}): it has ` +
        `${applied.length} migrations applied, ${unknown.length} of them unknown here (the newest ` +
        `written ${dated(Math.max(...unknown))}); this build knows ${journal.length}, up to ` +
        `${last.tag}.`,
      'It will not start on it. Start the newer release again, or go back to this one with the ' +
        'backup taken before the upgrade: npm run restore -- <backup.tar.gz> --force ' +
        '(docs/operations.md, "Rolling back").',
    ].join('\n'),
  );
}

/**
 * Runs `migrate` once the database is known not to be ahead of this build, and says what it
 * does when there is anything to do.
 */
export async function migrateWithProgress(
  query: Query,
  migrate: () => Promise<void>,
  progress?: ProgressListener,
) {
  const [journal, applied] = await Promise.all([journalEntries(), appliedMigrations(query)]);
  refuseNewer(applied, journal);
  const pending = journal.length - applied.length;
  if (pending > 0) progress?.(`Applying migrations (${pending})…`);
  await migrate();
}
