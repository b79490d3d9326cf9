import { PASSKEY } from '@devplay/shared';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webauthnChallenges } from '../../db/schema/index';

/** A registration's challenge is bound to its member; a sign-in's to nobody. */
type Purpose = { kind: 'registration'; userId: number } | { kind: 'sign-in' };

const ownerOf = (purpose: Purpose) => (purpose.kind === 'registration' ? purpose.userId : null);

/** Keeps a challenge just handed to a browser; expired ones go first, so none pile up. */
export async function keepChallenge(db: Db, challenge: string, purpose: Purpose) {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose: purpose.kind,
    userId: ownerOf(purpose),
    expiresAt: sql`now() + ${`${PASSKEY.challengeMinutes} minutes`}::interval`,
  });
}

/**
 * The challenge and origin a browser's answer signed, read from its `clientDataJSON`; null when
 * that is not client data at all.
 */
export function signedClientData(clientDataJSON: string) {
  try {
    const { challenge, origin } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && typeof origin === 'string'
      ? { challenge, origin }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes a live challenge of `purpose` once: one `delete … returning`, so of two answers racing
 * with one challenge only one gets it. Null when it is unknown, used, expired, or another's.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: Purpose) {
  const owner = ownerOf(purpose);
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose.kind),
        owner === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, owner),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken?.challenge ?? null;
}
