import { SESSION } from '@devplay/shared';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from './client';
import { refreshTokens } from './schema/index';

// Sessions as refresh-token families: the auth feature starts and rotates them, and the auth
// plugin ends them (endSessions), so they live below both rather than in either.

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `familyId` names the session: access tokens carry it, and revoking the family ends them. */
export type IssuedRefreshToken = {
  token: string;
  expiresAt: Date;
  userId: number;
  familyId: string;
};

async function insertToken(db: Db, userId: number, familyId: string, expiresAt: Date) {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt, userId, familyId };
}

/** A new family: one per sign-in, living SESSION.refreshTokenTtlDays at most. */
export function startSession(db: Db, userId: number): Promise<IssuedRefreshToken> {
  const expiresAt = new Date(Date.now() + SESSION.refreshTokenTtlDays * 86_400_000);
  return insertToken(db, userId, randomUUID(), expiresAt);
}

export type RotateResult =
  | { outcome: 'rotated'; issued: IssuedRefreshToken }
  | { outcome: 'invalid' }
  | { outcome: 'reused' };

/**
 * Rotation (DESIGN §4). A token is good once; a second use within the grace period is a second
 * tab that raced the first and gets a sibling token; a later one is a replay, and the caller
 * must revoke the family. The row lock makes two simultaneous uses take turns.
 */
export async function rotateSession(tx: Db, token: string): Promise<RotateResult> {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .for('update');
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { outcome: 'invalid' };
  if (row.usedAt) {
    const sinceUse = Date.now() - row.usedAt.getTime();
    if (sinceUse > SESSION.refreshReuseGraceSeconds * 1000) return { outcome: 'reused' };
  } else {
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.id, row.id));
  }
  return {
    outcome: 'rotated',
    issued: await insertToken(tx, row.userId, row.familyId, row.expiresAt),
  };
}

export type RevokedSession = { userId: number; familyId: string };

const revoke = (db: Db, where: SQL | undefined) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(where, isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });

const distinctSessions = (rows: RevokedSession[]) => [
  ...new Map(rows.map((row) => [row.familyId, row])).values(),
];

/** Ends the session a refresh token belongs to; null when the token is unknown. */
export async function revokeFamilyOf(db: Db, token: string): Promise<RevokedSession | null> {
  const [row] = await db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return null;
  await revoke(db, eq(refreshTokens.familyId, row.familyId));
  return row;
}

/** Ends every session of a member but `keep` (the one asking, on a password change). */
export async function revokeSessions(
  db: Db,
  userId: number,
  keep?: string,
): Promise<RevokedSession[]> {
  const rows = await revoke(
    db,
    and(eq(refreshTokens.userId, userId), keep ? ne(refreshTokens.familyId, keep) : undefined),
  );
  return distinctSessions(rows);
}
