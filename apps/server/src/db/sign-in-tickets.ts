import { TWO_FACTOR, type SecondStepMethod } from '@devplay/shared';
import { and, eq, gt, lte, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './client';
import { recoveryCodes, signInTickets, totpFactors } from './schema/index';

// The second step of a sign-in: the auth feature issues a ticket after a right password, the
// security feature takes it with a code; both read which factors a member has, so it lives here.

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** Whether the member `userId` names (a value or a column) has the authenticator app on. */
export const appOnSql = (userId: SQL | Placeholder | Column | number) =>
  sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.enabledAt} is not null)`;

/** What the second step of a sign-in accepts; none when the member has no factor. */
export const methodsFor = (appOn: boolean): SecondStepMethod[] =>
  appOn ? ['totp', 'recovery'] : [];

export async function secondStepMethods(db: Db, userId: number) {
  const [row] = await db.select({ appOn: appOnSql(userId) }).from(sql`(select 1) as one`);
  return methodsFor(row?.appOn ?? false);
}

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
  recoveryCodesLeft: sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes.userId} = ${me} and ${recoveryCodes.usedAt} is null)::int`,
});
