import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { totpFactors } from '../../db/schema/index';
import type { SecretBox } from '../../lib/secret-box';
import { stepOfCode } from './totp';

/** `pending`: set up, waiting for its first code; `enabled`: on. */
export type AppState = 'pending' | 'enabled';

const inState = (userId: number, state: AppState) =>
  and(
    eq(totpFactors.userId, userId),
    state === 'enabled' ? isNotNull(totpFactors.enabledAt) : isNull(totpFactors.enabledAt),
  );

/**
 * Takes a code of the member's authenticator app in `state`: `none` when there is no such app,
 * `wrong` when the code is not current or its step was used already, else `accepted` (and a
 * pending app is on from then). The step is taken in one conditional update, so of two requests
 * with one code only one passes. A secret sealed under an older server secret cannot be opened:
 * its codes are `wrong`, and the member signs in with a recovery code and sets the app up again.
 */
export async function acceptAppCode(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  state: AppState,
): Promise<'none' | 'wrong' | 'accepted'> {
  const [app] = await db.select().from(totpFactors).where(inState(userId, state));
  if (!app) return 'none';
  const secret = box.open(app.secretSealed);
  const step = secret === null ? null : stepOfCode(secret, code);
  if (step === null) return 'wrong';
  const taken = await db
    .update(totpFactors)
    .set({ lastStep: step, ...(state === 'pending' ? { enabledAt: sql`now()` } : {}) })
    .where(and(inState(userId, state), lt(totpFactors.lastStep, step)))
    .returning({ userId: totpFactors.userId });
  return taken.length > 0 ? 'accepted' : 'wrong';
}
