import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index';
import { grantWelcomeCredit } from '../features/money/service';
import type { Deps } from '../deps';

export type ConfirmEmailDeps = Pick<Deps, 'db' | 'events'> & {
  config: Pick<Deps['config'], 'welcomeCreditCents'>;
};

/**
 * A member proved their mailbox (a sign-up code, or a reset code before they ever confirmed):
 * the welcome credit first, then the flag. The grant is idempotent, so if it fails the member
 * stays unconfirmed and a new code simply tries again.
 */
export async function confirmEmail({ db, events, config }: ConfirmEmailDeps, userId: number) {
  await grantWelcomeCredit(db, events, userId, config.welcomeCreditCents);
  await db.update(users).set({ isVerified: true }).where(eq(users.id, userId));
  await events.post({ kind: 'member', userId });
}
