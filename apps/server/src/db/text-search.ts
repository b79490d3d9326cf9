import { or, sql, type AnyColumn } from 'drizzle-orm';

/**
 * Whether any of the columns starts with the text (`start`) or holds it (`anywhere`), whatever
 * its case. LIKE's wildcards and escape sign in the text match themselves: a search for `50%`
 * finds "50%", not every "50…".
 */
export function anyColumnLike(columns: AnyColumn[], text: string, at: 'start' | 'anywhere') {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (sign) => `\\${sign}`);
  const pattern = at === 'start' ? `${escaped}%` : `%${escaped}%`;
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`));
}
