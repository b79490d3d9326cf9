import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema/index';

export type AdminEntry = {
  email: string;
  username: string | null;
  /** `ADMIN_EMAILS` or the admin CLI's `promote` (both when both). */
  via: ('ADMIN_EMAILS' | 'promoted')[];
  /** Rights hold only once the address is confirmed (plugins/auth.ts). */
  isVerified: boolean;
};

/** Promoted members and those whose address ADMIN_EMAILS lists, confirmed or not. */
const listedOrPromoted = (listed: string[]) =>
  listed.length
    ? or(eq(users.promotedAdmin, true), inArray(users.email, listed))
    : eq(users.promotedAdmin, true);

/**
 * Everyone who is or will be an admin: promoted members, and every address ADMIN_EMAILS lists,
 * with or without an account yet (it becomes an admin when it signs up and confirms).
 */
export async function listAdmins(db: Db, adminEmails: ReadonlySet<string>): Promise<AdminEntry[]> {
  const listed = [...adminEmails];
  const rows = await db
    .select({
      email: users.email,
      username: users.username,
      promotedAdmin: users.promotedAdmin,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(listedOrPromoted(listed))
    .orderBy(asc(users.email));
  const entries: AdminEntry[] = rows.map((row) => ({
    email: row.email,
    username: row.username,
    via: [
      ...(adminEmails.has(row.email) ? (['ADMIN_EMAILS'] as const) : []),
      ...(row.promotedAdmin ? (['promoted'] as const) : []),
    ],
    isVerified: row.isVerified,
  }));
  const known = new Set(rows.map((row) => row.email));
  for (const email of listed.filter((address) => !known.has(address)).sort()) {
    entries.push({ email, username: null, via: ['ADMIN_EMAILS'], isVerified: false });
  }
  return entries;
}

/** One line per admin for a terminal: `ada <ada@example.org> (ADMIN_EMAILS)`. */
export function describeAdmin(entry: AdminEntry) {
  const who = entry.username ? `${entry.username} <${entry.email}>` : entry.email;
  const state = !entry.username
    ? ', no account yet'
    : entry.isVerified
      ? ''
      : ', e-mail not confirmed yet';
  return `${who} (${entry.via.join(', ')}${state})`;
}

/** The members who are admins now (plugins/auth.ts `isAdmin`): confirmed, and listed or promoted. */
export async function adminIds(db: Db, adminEmails: ReadonlySet<string>): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isVerified, true), listedOrPromoted([...adminEmails])));
  return rows.map((row) => row.id);
}
