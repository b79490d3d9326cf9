import type { Db } from './client';

/**
 * One value per database, made on first use: a prepared statement belongs to the database it was
 * built on, and one process may hold several (tests open one per file, benchmarks reopen theirs).
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
