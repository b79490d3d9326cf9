import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The few raw calls backup and restore make, on either database: they move whole tables as
 * JSON, below the app's schema, so they need no ORM.
 */
export type Connection = {
  kind: 'pglite' | 'postgres';
  query: <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;
  /** Several statements in one string, no parameters. */
  exec: (text: string) => Promise<void>;
  close: () => Promise<void>;
};

export function connectPglite(dir: string): Connection {
  const client = new PGlite(dir);
  return {
    kind: 'pglite',
    query: async <Row>(text: string, params?: unknown[]) =>
      (await client.query<Row>(text, params)).rows,
    exec: async (text) => void (await client.exec(text)),
    close: () => client.close(),
  };
}

export async function connectPostgres(url: string): Promise<Connection> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as Row[],
    exec: async (text) => void (await client.query(text)),
    close: () => client.end(),
  };
}

/** A name as SQL spells it: the tables are ours, but a quote costs nothing. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema public), in an order where each comes after those it references. */
export async function tablesInLoadOrder(connection: Connection): Promise<string[]> {
  const tables = await connection.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const references = await connection.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const ref of references) if (ref.child === name) visit(ref.parent);
    ordered.push(name);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}
