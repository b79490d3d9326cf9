import type pg from 'pg';
import { setNewest } from '../lib/newest-first-out';

/**
 * Statements that change no row: a select (or a `with` ahead of one) that calls no function that
 * writes. Anything else counts as a write, so a statement told wrongly costs a kept answer its
 * reuse, never its correctness. `for update` counts too: it is rare, and only costs the same.
 */
const READ = /^\s*(select|with)\b/i;
const WRITE = /\b(insert|update|delete|merge|truncate|copy|call|do)\b/i;

/**
 * Functions a select may call that change rows: the sequences' own, and this schema's volatile
 * functions that are not triggers (`writes.test.ts` reads them from the catalog, so a new one
 * fails the test until it is named here).
 */
export const WRITING_FUNCTIONS = ['nextval', 'setval', 'money_transfers'] as const;
const WRITING_CALL = new RegExp(`\\b(${WRITING_FUNCTIONS.join('|')})\\s*\\(`, 'i');

export const onlyReads = (text: string) =>
  READ.test(text) && !WRITE.test(text) && !WRITING_CALL.test(text);

/**
 * How many times a write began or ended on a database whose every write passes through this
 * process (PGlite: its files are the server's alone). An answer read while the count stood still
 * from before its statement went out until now holds every change since: nothing else writes.
 */
export type WriteCount = () => number;

/**
 * Counts the writes of `client`'s statements, at the moment each goes out and again when it is
 * done, before its caller goes on; a transaction's statements and its commit count each. The app
 * (drizzle) takes promises; a statement given a callback counts before the callback runs.
 */
export function countWrites(client: pg.Client, moved: () => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    if (text !== undefined && onlyReads(text)) return query(...args);
    moved();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function')
      args[last] = (...results: unknown[]) => {
        moved();
        return callback(...results);
      };
    const result = query(...args);
    if (result instanceof Promise) result.then(moved, moved);
    return result;
  };
}

/**
 * `read` on a database whose writes are counted: asked again with the same key while no write
 * began or ended since the last time it was, it answers that read's promise again, with no
 * statement. The count is taken before the read goes out, so a write during it moves the count
 * past it. The newest `max` keys are kept; a read that fails is not.
 */
export function keptUntilWrite<A extends unknown[], T>(
  writes: WriteCount,
  max: number,
  keyOf: (...args: A) => string,
  read: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return (...args) => {
    const at = writes();
    const key = keyOf(...args);
    const hit = kept.get(key);
    if (hit?.at === at) return hit.value;
    const entry = { at, value: read(...args) };
    setNewest(kept, key, entry, max);
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry.value;
  };
}
