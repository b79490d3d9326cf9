import {
  canEditBracket,
  ERROR_CODES,
  TOURNAMENT_LIMITS,
  TOURNAMENT_MESSAGES,
  type Participant,
} from '@devplay/shared';
import { asc, count, eq, or } from 'drizzle-orm';
import { recordAudit } from '../../db/audit';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { memberSummary } from '../../db/member-summary';
import { tournamentMatches, tournamentParticipants, users } from '../../db/schema/index';
import { missingReferenceAs } from '../../lib/db-errors';
import { conflict, notFound, enforceAdminPolicy } from '../../lib/errors';
import { lockBracket } from './bracket-lock';

/** In the order they joined. */
export async function listParticipants(db: Db): Promise<Participant[]> {
  return db
    .select(memberSummary)
    .from(tournamentParticipants)
    .innerJoin(users, eq(users.id, tournamentParticipants.userId))
    .orderBy(asc(tournamentParticipants.createdAt), asc(tournamentParticipants.userId));
}

/**
 * A member is a participant once (409 the second time), and the bracket seats
 * TOURNAMENT_LIMITS.participantsMax of them (409 past that). Under the bracket lock, so two
 * admins adding at once cannot both take the last seat.
 */
export async function addParticipant(db: Db, userId: number, actor: Actor): Promise<Participant> {
  enforceAdminPolicy(canEditBracket(actor));
  return db
    .transaction(async (tx) => {
      await lockBracket(tx);
      const [member] = await tx.select(memberSummary).from(users).where(eq(users.id, userId));
      if (!member) throw notFound(TOURNAMENT_MESSAGES.userNotFound);
      // Counted before the insert, which answers first: one already in hears so, full or not.
      const [seated] = await tx.select({ n: count() }).from(tournamentParticipants);
      const added = await tx
        .insert(tournamentParticipants)
        .values({ userId })
        .onConflictDoNothing()
        .returning({ userId: tournamentParticipants.userId });
      if (added.length === 0) {
        throw conflict(
          TOURNAMENT_MESSAGES.alreadyParticipant,
          ERROR_CODES.participantExists,
          'userId',
        );
      }
      if (seated!.n >= TOURNAMENT_LIMITS.participantsMax) {
        throw conflict(TOURNAMENT_MESSAGES.tournamentFull, ERROR_CODES.tournamentFull, 'userId');
      }
      await recordAudit(tx, actor, {
        action: 'participant.add',
        targetType: 'participant',
        targetId: userId,
        summary: `Added ${member.username} to the tournament`,
      });
      return member;
    })
    .catch(missingReferenceAs(() => notFound(TOURNAMENT_MESSAGES.userNotFound)));
}

/** Refused (409) while they play in the bracket: an admin takes them out of it first. */
export async function removeParticipant(db: Db, userId: number, actor: Actor) {
  enforceAdminPolicy(canEditBracket(actor));
  await db.transaction(async (tx) => {
    await lockBracket(tx);
    const [participant] = await tx
      .select({ userId: tournamentParticipants.userId, username: users.username })
      .from(tournamentParticipants)
      .innerJoin(users, eq(users.id, tournamentParticipants.userId))
      .where(eq(tournamentParticipants.userId, userId));
    if (!participant) throw notFound(TOURNAMENT_MESSAGES.notParticipant);
    const [playing] = await tx
      .select({ id: tournamentMatches.id })
      .from(tournamentMatches)
      .where(
        or(
          eq(tournamentMatches.team1Id, userId),
          eq(tournamentMatches.team2Id, userId),
          eq(tournamentMatches.winnerId, userId),
        ),
      )
      .limit(1);
    if (playing) {
      throw conflict(TOURNAMENT_MESSAGES.participantInBracket, ERROR_CODES.participantInBracket);
    }
    await tx.delete(tournamentParticipants).where(eq(tournamentParticipants.userId, userId));
    await recordAudit(tx, actor, {
      action: 'participant.remove',
      targetType: 'participant',
      targetId: userId,
      summary: `Removed ${participant.username} from the tournament`,
    });
  });
}
