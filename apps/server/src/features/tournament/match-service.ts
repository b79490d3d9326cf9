import {
  canEditBracket,
  ROUNDS,
  TOURNAMENT_MESSAGES,
  type Match,
  type MatchValues,
  type Round,
} from '@devplay/shared';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../db/audit';
import type { Db } from '../../db/client';
import { notify, type NotificationChange } from '../../db/notifications';
import { tournamentMatches, users } from '../../db/schema/index';
import { missingReferenceAs } from '../../lib/db-errors';
import { badRequest, enforceAdminPolicy, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import type { EventBus } from '../../plugins/events';
import { announce } from '../../plugins/notification-changes';
import { lockBracket } from './bracket-lock';
import { advance, findMatch, resultOf, type MatchRow } from './bracket-moves';
import { assertFreeInRound, assertParticipants } from './seats';

const present = (row: MatchRow): Match => ({
  id: row.id,
  round: row.round,
  matchIndex: row.matchIndex,
  team1Id: row.team1Id,
  team2Id: row.team2Id,
  score: row.score,
  matchDate: row.matchDate,
  matchTime: row.matchTime,
  winnerId: row.winnerId,
});

/** Round by round, each in index order. */
export async function listMatches(db: Db): Promise<Match[]> {
  const rows = await db.select().from(tournamentMatches);
  return rows
    .sort(
      (a, b) => ROUNDS.indexOf(a.round) - ROUNDS.indexOf(b.round) || a.matchIndex - b.matchIndex,
    )
    .map(present);
}

const matchName = (round: Round, matchIndex: number) => `${round} match ${matchIndex + 1}`;

/** 'ada vs bob, 2:1, winner ada, 2025-05-01 18:00' for the audit log. */
async function describeMatch(tx: Db, match: MatchRow) {
  const ids = [match.team1Id, match.team2Id, match.winnerId].filter((id) => id !== null);
  const rows = ids.length
    ? await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const name = (id: number | null) =>
    id === null ? '—' : (rows.find((row) => row.id === id)?.username ?? `#${id}`);
  const parts = [`${name(match.team1Id)} vs ${name(match.team2Id)}`];
  if (match.score) parts.push(match.score);
  if (match.winnerId !== null) parts.push(`winner ${name(match.winnerId)}`);
  const when = [match.matchDate, match.matchTime].filter(Boolean).join(' ');
  if (when) parts.push(when);
  return parts.join(', ');
}

/** What a player hears of: being placed, the date or time, the score or the winner. */
const NOTICED = ['team1Id', 'team2Id', 'matchDate', 'matchTime', 'score', 'winnerId'] as const;

/** The players of a saved match hear of it when it changed for them; the admin is its actor. */
function notifyPlayers(tx: Db, before: MatchRow | undefined, row: MatchRow, actor: AuditActor) {
  if (before && NOTICED.every((field) => before[field] === row[field])) return [];
  return notify(tx, {
    type: 'tournament',
    recipients: [row.team1Id, row.team2Id].filter((id) => id !== null),
    actor: actor.id,
    subjectKey: row.id,
    matchId: row.id,
  });
}

/** A deleted match takes its groups along: its players' unread counts move. */
const playersOf = (rows: Pick<MatchRow, 'team1Id' | 'team2Id'>[]): NotificationChange[] =>
  rows
    .flatMap((row) => [row.team1Id, row.team2Id])
    .filter((id) => id !== null)
    .map((userId) => ({ userId, groupId: null }));

/** Upsert by round and index: the whole match as sent; then the winner advances. */
export async function saveMatch(
  db: Db,
  bus: EventBus,
  values: MatchValues,
  actor: Actor,
): Promise<Match> {
  enforceAdminPolicy(canEditBracket(actor));
  const { round, matchIndex, ...rest } = values;
  const { match, changes } = await db
    .transaction(async (tx) => {
      await lockBracket(tx);
      await assertParticipants(tx, values);
      await assertFreeInRound(tx, values, [
        ['team1Id', values.team1Id],
        ['team2Id', values.team2Id],
      ]);
      const before = await findMatch(tx, round, matchIndex);
      const result = resultOf(before, values);
      const fields = { ...rest, ...result, updatedAt: new Date() };
      const [row] = await tx
        .insert(tournamentMatches)
        .values({ round, matchIndex, ...fields })
        .onConflictDoUpdate({
          target: [tournamentMatches.round, tournamentMatches.matchIndex],
          set: fields,
        })
        .returning();
      await advance(tx, round, matchIndex, before?.winnerId ?? null, result.winnerId);
      await recordAudit(tx, actor, {
        action: 'match.save',
        targetType: 'match',
        targetId: `${round}/${matchIndex}`,
        summary: `Saved ${matchName(round, matchIndex)}: ${await describeMatch(tx, row!)}`,
      });
      return { match: present(row!), changes: await notifyPlayers(tx, before, row!, actor) };
    })
    .catch(
      // A player whose account was deleted meanwhile.
      missingReferenceAs(() =>
        badRequest(TOURNAMENT_MESSAGES.playerNotParticipant, undefined, 'team1Id'),
      ),
    );
  announce(bus, changes);
  return match;
}

/** Deleting a match takes its winner back out of the next round. */
export async function deleteMatch(
  db: Db,
  bus: EventBus,
  target: { round: Round; matchIndex: number },
  actor: Actor,
) {
  enforceAdminPolicy(canEditBracket(actor));
  const { round, matchIndex } = target;
  const row = await db.transaction(async (tx) => {
    await lockBracket(tx);
    const row = await findMatch(tx, round, matchIndex);
    if (!row) throw notFound(TOURNAMENT_MESSAGES.matchNotFound);
    const description = await describeMatch(tx, row);
    await tx.delete(tournamentMatches).where(eq(tournamentMatches.id, row.id));
    await advance(tx, round, matchIndex, row.winnerId, null);
    await recordAudit(tx, actor, {
      action: 'match.delete',
      targetType: 'match',
      targetId: `${round}/${matchIndex}`,
      summary: `Deleted ${matchName(round, matchIndex)} (${description})`,
    });
    return row;
  });
  announce(bus, playersOf([row]));
}

/** Reset Bracket (SPEC §4): all 7 matches go, and the maps chosen for them with them. */
export async function resetBracket(db: Db, bus: EventBus, actor: Actor) {
  enforceAdminPolicy(canEditBracket(actor));
  const deleted = await db.transaction(async (tx) => {
    await lockBracket(tx);
    const deleted = await tx.delete(tournamentMatches).returning({
      team1Id: tournamentMatches.team1Id,
      team2Id: tournamentMatches.team2Id,
    });
    // An empty bracket reset again changed nothing: nothing to record.
    if (deleted.length === 0) return deleted;
    await recordAudit(tx, actor, {
      action: 'bracket.reset',
      targetType: 'bracket',
      targetId: null,
      summary: `Reset the bracket: ${deleted.length} ${deleted.length === 1 ? 'match' : 'matches'} deleted`,
    });
    return deleted;
  });
  announce(bus, playersOf(deleted));
}
