import { TWO_FACTOR, type SecondStepMethod } from '@devplay/shared';
import {
  and,
  Column,
  eq,
  getTableName,
  gt,
  is,
  lte,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './client';
import { passkeys, recoveryCodes, signInTickets, totpFactors } from './schema/index';

// The second step of a sign-in: the auth feature issues a ticket after a right password, the
// security feature takes it with a code; both read which factors a member has, so it lives here.

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** A member named by a value, a placeholder or a column. */
type MemberRef = SQL | Placeholder | Column | number;

/**
 * A column as `"table"."column"`: Drizzle writes the columns of a one-table select bare, and a
 * bare `"id"` inside these subqueries would name the subquery's own table's.
 */
const outer = (userId: MemberRef) =>
  is(userId, Column)
    ? sql`${sql.identifier(getTableName(userId.table))}.${sql.identifier(userId.name)}`
    : userId;

/** Whether the member has the authenticator app on. */
const appOnSql = (userId: MemberRef) =>
  sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${outer(userId)} and ${totpFactors.enabledAt} is not null)`;

const passkeyCountSql = (userId: MemberRef) =>
  sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${outer(userId)})::int`;

/** The member's factors, as `methodsFor` reads them: select these beside the member. */
export const factorColumns = (userId: MemberRef) => ({
  appOn: appOnSql(userId),
  passkeys: passkeyCountSql(userId),
});
type Factors = { appOn: boolean; passkeys: number };

/** What the second step of a sign-in accepts; none when the member has no factor. */
export const methodsFor = ({ appOn, passkeys: count }: Factors): SecondStepMethod[] => [
  ...(appOn ? (['totp', 'recovery'] as const) : []),
  ...(count > 0 ? (['passkey'] as const) : []),
];

export async function factorsOf(db: Db, userId: number): Promise<Factors> {
  const [row] = await db.select(factorColumns(userId)).from(sql`(select 1) as one`);
  return row ?? { appOn: false, passkeys: 0 };
}

export const secondStepMethods = async (db: Db, userId: number) =>
  methodsFor(await factorsOf(db, userId));

/** A new ticket for the member; their expired ones go with it, so tickets never pile up. */
export async function issueTicket(db: Db, userId: number) {
  const ticket = randomBytes(32).toString('base64url');
  await db
    .delete(signInTickets)
    .where(and(eq(signInTickets.userId, userId), lte(signInTickets.expiresAt, sql`now()`)));
  await db.insert(signInTickets).values({
    userId,
    tokenHash: hashTicket(ticket),
    expiresAt: sql`now() + ${`${TWO_FACTOR.ticketMinutes} minutes`}::interval`,
  });
  return ticket;
}

/**
 * Counts one try with a live ticket and answers its member and the tries so far; null when the
 * ticket is unknown, used or expired. One statement, so parallel tries each count.
 */
export async function tryTicket(db: Db, ticket: string) {
  const [row] = await db
    .update(signInTickets)
    .set({ tries: sql`${signInTickets.tries} + 1` })
    .where(
      and(eq(signInTickets.tokenHash, hashTicket(ticket)), gt(signInTickets.expiresAt, sql`now()`)),
    )
    .returning({ userId: signInTickets.userId, tries: signInTickets.tries });
  return row ?? null;
}

export async function endTicket(db: Db, ticket: string) {
  await db.delete(signInTickets).where(eq(signInTickets.tokenHash, hashTicket(ticket)));
}

/** Me.security's columns for the member `me` (a placeholder or a value). */
export const securityColumns = (me: Placeholder | SQL) => ({
  totp: appOnSql(me),
  passkeys: passkeyCountSql(me),
  recoveryCodesLeft: sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes.userId} = ${me} and ${recoveryCodes.usedAt} is null)::int`,
});
