import { createReadStream } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ident, tablesInLoadOrder, type Connection } from './connection';

/** Rows per line of a table's file: one JSON array, which PostgreSQL reads back in one go. */
const BATCH = 2000;

/**
 * Each table's rows as PostgreSQL itself writes them to JSON, and reads them back on restore
 * (json_populate_recordset): every type comes back as it was, on any PostgreSQL version and on
 * PGlite, which a pg_dump of one major version does not promise for another.
 */
export async function dumpTables(connection: Connection, dir: string) {
  const counts: Record<string, number> = {};
  for (const table of await tablesInLoadOrder(connection)) {
    const file = path.join(dir, `${table}.jsonl`);
    await writeFile(file, '');
    const order = (await primaryKey(connection, table)).map(ident).join(', ') || 'ctid';
    counts[table] = 0;
    for (let offset = 0; ; offset += BATCH) {
      const [row] = await connection.query<{ rows: string | null; n: number }>(
        `SELECT json_agg(t)::text AS rows, count(*)::int AS n FROM
         (SELECT * FROM ${ident(table)} ORDER BY ${order} LIMIT ${BATCH} OFFSET ${offset}) t`,
      );
      if (!row?.rows) break;
      await appendFile(file, `${row.rows.replaceAll('\n', ' ')}\n`);
      counts[table] += row.n;
      if (row.n < BATCH) break;
    }
  }
  return counts;
}

async function primaryKey(connection: Connection, table: string) {
  const rows = await connection.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((row) => row.name);
}

/** The columns a row can be given: generated ones are computed again. */
async function writableColumns(connection: Connection, table: string) {
  const rows = await connection.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => ident(row.name));
}

/**
 * Puts the dumped rows into freshly migrated tables and answers how many each now holds. The
 * tables' own triggers (counters kept beside likes, messages, notifications) stay off meanwhile:
 * the counters come with the rows. Tables a migration seeded are emptied first; identities then
 * continue after the largest id. Only the app's own tables are named (the caller checks).
 */
export async function loadTables(connection: Connection, dir: string, tables: string[]) {
  const names = tables.map((table) => `public.${ident(table)}`);
  for (const name of names) await connection.exec(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
  if (names.length) await connection.exec(`TRUNCATE ${names.join(', ')}`);
  for (const table of tables) {
    const columns = (await writableColumns(connection, table)).join(', ');
    const name = `public.${ident(table)}`;
    const lines = createInterface({ input: createReadStream(path.join(dir, `${table}.jsonl`)) });
    for await (const line of lines) {
      if (!line) continue;
      await connection.query(
        `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE
         SELECT ${columns} FROM json_populate_recordset(NULL::${name}, $1::json)`,
        [line],
      );
    }
  }
  for (const name of names) await connection.exec(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
  await restartIdentities(connection);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await connection.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.${ident(table)}`,
    );
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

async function restartIdentities(connection: Connection) {
  const sequences = await connection.query<{ seq: string; tab: string; col: string }>(
    `SELECT pg_get_serial_sequence(format('public.%I', table_name), column_name) AS seq,
            table_name AS tab, column_name AS col
     FROM information_schema.columns WHERE table_schema = 'public'
       AND pg_get_serial_sequence(format('public.%I', table_name), column_name) IS NOT NULL`,
  );
  for (const { seq, tab, col } of sequences) {
    await connection.query(
      `SELECT setval($1, coalesce((SELECT max(${ident(col)}) FROM ${ident(tab)}), 0) + 1, false)`,
      [seq],
    );
  }
}
