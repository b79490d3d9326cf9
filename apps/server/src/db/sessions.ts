import { SESSION } from '@devplay/shared';
import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Device } from '../lib/device';
import type { Db } from './client';
import { knownBrowsers, refreshTokens, sessions } from './schema/index';

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

/** What is kept of a User-Agent: enough to name the browser and system, never a whole essay. */
const USER_AGENT_KEPT = 512;
const deviceColumns = ({ userAgent, ip }: Device) => ({
  userAgent: userAgent.slice(0, USER_AGENT_KEPT),
  ip,
});

/** Whether a new session's browser is news to the account (`alertNewBrowser`). */
export type NotedBrowser = { browsersBefore: number; unseen: boolean };

/**
 * A new family: one per sign-in, living SESSION.refreshTokenTtlDays at most. In the same
 * statement the session's browser (`browser`, its name and system) is noted on the account:
 * answers how many browsers the account had before and whether this one went unseen for
 * `unseenDays` (RETURNING's subquery reads the table as it was before the statement).
 */
export async function startSession(
  db: Db,
  userId: number,
  device: Device,
  browser: { name: string; unseenDays: number },
): Promise<{ issued: IssuedRefreshToken; noted: NotedBrowser }> {
  const expiresAt = new Date(Date.now() + SESSION.refreshTokenTtlDays * 86_400_000);
  const familyId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const { userAgent, ip } = deviceColumns(device);
  const expires = sql`${expiresAt.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with session as (
      insert into ${sessions} (family_id, user_id, user_agent, ip, expires_at)
      values (${familyId}, ${userId}, ${userAgent}, ${ip}, ${expires})
    ), refresh as (
      insert into ${refreshTokens} (user_id, family_id, token_hash, expires_at)
      values (${userId}, ${familyId}, ${hashToken(token)}, ${expires})
    )
    insert into ${knownBrowsers} as known (user_id, browser) values (${userId}, ${browser.name})
    on conflict (user_id, browser) do update
      set previous_seen_at = known.last_seen_at, last_seen_at = now()
    returning
      (select count(*)::int from ${knownBrowsers} where user_id = ${userId}) as "browsersBefore",
      coalesce(known.previous_seen_at < now() - ${`${browser.unseenDays} days`}::interval, true)
        as unseen`)) as unknown as { rows: NotedBrowser[] };
  return { issued: { token, expiresAt, userId, familyId }, noted: result.rows[0]! };
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
export async function rotateSession(tx: Db, token: string, device: Device): Promise<RotateResult> {
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
  await tx
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, ...deviceColumns(device) })
    .where(eq(sessions.familyId, row.familyId));
  return {
    outcome: 'rotated',
    issued: await insertToken(tx, row.userId, row.familyId, row.expiresAt),
  };
}

export type RevokedSession = { userId: number; familyId: string };

/** Revokes the tokens `where` picks, and their sessions leave the list; answers those ended. */
async function revoke(db: Db, where: SQL | undefined): Promise<RevokedSession[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(where, isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  const ended = [...new Map(rows.map((row) => [row.familyId, row])).values()];
  if (ended.length > 0) {
    const families = ended.map((session) => session.familyId);
    await db.delete(sessions).where(inArray(sessions.familyId, families));
  }
  return ended;
}

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
  return revoke(
    db,
    and(eq(refreshTokens.userId, userId), keep ? ne(refreshTokens.familyId, keep) : undefined),
  );
}

/** Ends one session of the member's; null when they have no such session. */
export async function revokeSession(db: Db, userId: number, familyId: string) {
  const [ended] = await revoke(
    db,
    and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId)),
  );
  return ended ?? null;
}

/** The member's live sessions, the one seen last first. */
export function listSessions(db: Db, userId: number) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}
