import { PGlite } from '@electric-sql/pglite';
import { readFile } from 'node:fs/promises';
import { PGLITE_START_PARAMS } from '../db/pglite-memory';

/**
 * Copies of the migrated template the run made (test/global-setup.ts), one file at a time each.
 * Opening a copy costs about half a second of CPU (the template unpacked, PostgreSQL started in
 * WebAssembly), a few hundred times a run; emptying one a file has finished with costs a tenth
 * of that. A copy goes back to its worker only when it is again what the template was: same
 * schema, same rows and sequences, no statistics. Any other copy is closed (a file that
 * analyzed, altered or migrated), and the next file opens a new one.
 */

/** The template, read once by each worker: a Blob is immutable, so every copy can load from it. */
let templateBlob: Promise<Blob> | undefined;
/** Copies emptied and checked, waiting for the worker's next file. */
const idle: PGlite[] = [];
/** At most this many kept: a file opens two databases at most at once. */
const KEPT = 2;

/**
 * The template's tables to empty, the rows the migrations wrote in them, and the statements that
 * put its sequences and relation sizes back.
 */
type Seeded = {
  tables: string[];
  rows: { name: string; rows: string }[];
  sequences: string;
  sizes: string;
};
let seeded: Promise<Seeded> | undefined;
let templatePrint: Promise<string> | undefined;

/**
 * Every schema but PostgreSQL's own. The migrations' record (`drizzle`) is in the digest but never
 * emptied: a file that wrote to it (a newer release's migration) leaves a copy that is closed.
 */
const USER_SCHEMAS = `nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND nspname NOT LIKE 'pg_temp%' AND nspname NOT LIKE 'pg_toast_temp%'`;

/**
 * Everything a test could leave behind that the reset does not undo, as one digest: the schema
 * (tables, columns, defaults, functions, triggers, constraints, indexes, views, types), planner
 * statistics and sizes, roles and their settings, extensions, sequences, and every table's rows.
 */
const FINGERPRINT = `
  WITH rel AS (
    SELECT c.oid, c.relkind, format('%I.%I', n.nspname, c.relname) AS name, c.relpages, c.reltuples
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  ), parts AS (
    SELECT format('rel %s %s %s %s', name, relkind, relpages, reltuples) AS part FROM rel
    UNION ALL SELECT format('col %s %s %s %s %s %s', r.name, a.attname, a.atttypid, a.attnotnull,
        a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
      FROM pg_attribute a JOIN rel r ON r.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE a.attnum > 0
    UNION ALL SELECT format('proc %s %s', p.oid::regprocedure, md5(p.prosrc))
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS}
    UNION ALL SELECT format('trigger %s %s %s %s', tgrelid::regclass, tgname, tgenabled, tgfoid)
      FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT format('constraint %s %s', r.name, pg_get_constraintdef(k.oid))
      FROM pg_constraint k JOIN rel r ON r.oid = k.conrelid
    UNION ALL SELECT format('index %s', pg_get_indexdef(r.oid)) FROM rel r WHERE r.relkind = 'i'
    UNION ALL SELECT format('view %s %s', r.name, md5(pg_get_viewdef(r.oid)))
      FROM rel r WHERE r.relkind IN ('v', 'm')
    UNION ALL SELECT format('type %s %s', t.oid::regtype, t.typtype)
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${USER_SCHEMAS}
    UNION ALL SELECT format('enum %s %s', enumtypid::regtype, enumlabel) FROM pg_enum
    UNION ALL SELECT format('statistic %s %s', starelid, staattnum)
      FROM pg_statistic WHERE starelid IN (SELECT oid FROM rel)
    UNION ALL SELECT format('role %s %s', rolname, rolsuper) FROM pg_roles
    UNION ALL SELECT format('setting %s %s %s', setdatabase, setrole, setconfig)
      FROM pg_db_role_setting
    UNION ALL SELECT format('extension %s %s', extname, extversion) FROM pg_extension
    UNION ALL SELECT format('sequence %I.%I %s', schemaname, sequencename, last_value)
      FROM pg_sequences
    UNION ALL SELECT format('rows %s %s', r.name,
        (xpath('/row/n/text()', query_to_xml(format('SELECT md5(coalesce(string_agg(t::text, '','' ORDER BY t::text), '''')) AS n FROM %s t', r.name), false, false, '')))[1]::text)
      FROM rel r WHERE r.relkind IN ('r', 'p')
  )
  SELECT md5(string_agg(part, E'\\n' ORDER BY part)) AS print FROM parts`;

async function fingerprint(client: PGlite) {
  return (await client.query<{ print: string }>(FINGERPRINT)).rows[0]!.print;
}

/** The template's rows and sequence values, read from a copy just opened. */
async function readSeeded(client: PGlite): Promise<Seeded> {
  // The migrations' record is left as it is (the digest checks it).
  const tables = (
    await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
       WHERE schemaname <> 'drizzle' ORDER BY 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Seeded['rows'] = [];
  for (const name of tables) {
    const { rows: found } = await client.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${name} t`,
    );
    if (found[0]!.rows) rows.push({ name, rows: found[0]!.rows });
  }
  const sequences = (
    await client.query<{ reset: string }>(
      `SELECT 'SELECT ' || string_agg(format('setval(%L, %s, %L)',
         format('%I.%I', schemaname, sequencename), coalesce(last_value, start_value),
         last_value IS NOT NULL), ', ') AS reset
       FROM pg_sequences WHERE schemaname <> 'drizzle'`,
    )
  ).rows[0]!.reset;
  // TRUNCATE leaves an index's recorded size at "never counted", where the template's indexes,
  // built by the migrations, say one page and no rows; the planner reads both.
  const sizes = (
    await client.query<{ update: string }>(
      `SELECT format('UPDATE pg_class c SET relpages = v.p, reltuples = v.t FROM (VALUES %s) '
         || 'AS v(o, p, t) WHERE c.oid = v.o', string_agg(
           format('(%s::oid, %s, %s::real)', c.oid, c.relpages, c.reltuples), ', ')) AS update
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE ${USER_SCHEMAS} AND c.relkind IN ('r', 'p', 'i')`,
    )
  ).rows[0]!.update;
  return { tables, rows, sequences, sizes };
}

/** Empties a copy back to the template's rows; false if it cannot be (an open transaction). */
async function reset(client: PGlite, { tables, rows, sequences, sizes }: Seeded) {
  try {
    // Prepared statements, session settings, temporary tables, advisory locks, listeners.
    await client.exec('DISCARD ALL');
  } catch {
    return false;
  }
  // A table a file added is not emptied: the digest then differs, and the copy is closed.
  await client.transaction(async (tx) => {
    await tx.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
    // The template's rows as they were written, without firing triggers on them again.
    await tx.exec('SET LOCAL session_replication_role = replica');
    for (const { name, rows: json } of rows) {
      await tx.query(
        `INSERT INTO ${name} OVERRIDING SYSTEM VALUE
         SELECT * FROM json_populate_recordset(null::${name}, $1::json)`,
        [json],
      );
    }
    await tx.exec(sequences);
    await tx.exec(sizes);
  });
  await client.exec('SELECT pg_stat_reset()');
  return true;
}

/** A copy of the template, emptied or new. */
export async function takePgliteCopy(template: string): Promise<PGlite> {
  const kept = idle.pop();
  if (kept) return kept;
  templateBlob ??= readFile(template).then((bytes) => new Blob([bytes]));
  const client = await PGlite.create({
    loadDataDir: await templateBlob,
    startParams: PGLITE_START_PARAMS,
  });
  seeded ??= readSeeded(client);
  templatePrint ??= seeded.then(() => fingerprint(client));
  await templatePrint;
  return client;
}

/** Hands a copy back: kept for the worker's next file if it is the template again, else closed. */
export async function returnPgliteCopy(client: PGlite) {
  const clean =
    idle.length < KEPT &&
    (await reset(client, await seeded!).catch(() => false)) &&
    (await fingerprint(client)) === (await templatePrint);
  if (clean) idle.push(client);
  else await client.close();
}
