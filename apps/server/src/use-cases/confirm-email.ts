import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import type { Deps } from '../deps';

export type ConfirmEmailDeps = Pick<Deps, 'db' | 'events' | 'memberSteps'>;

/**
 * A member proved their mailbox (a sign-up code, or a reset code before they ever confirmed):
 * what features do for a confirmed member first (money's welcome credit), then the flag. Those
 * steps are idempotent, so if one fails the member stays unconfirmed and a new code simply tries
 * again.
 */
export async function confirmEmail({ db, events, memberSteps }: ConfirmEmailDeps, userId: number) {
  for (const step of memberSteps.confirmed) await step(db, userId);
  await db.update(users).set({ isVerified: true }).where(eq(users.id, userId));
  await events.post({ kind: 'member', userId });
}
