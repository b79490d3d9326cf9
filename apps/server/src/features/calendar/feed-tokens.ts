import { LIMITS } from '@devplay/shared';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { calendarFeeds } from '../../db/schema/index';

/**
 * The feed's secret: `<userId>.<32 random bytes, base64url>`. Only the SHA-256 of the secret is
 * stored. Rows are found by that hash: a guess cannot steer a hash's bytes, so how long the
 * comparison takes tells nothing about the secret.
 */
const TOKEN_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function issueFeedToken(db: Db, userId: number) {
  const secret = randomBytes(32).toString('base64url');
  const tokenHash = hashSecret(secret);
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, createdAt: new Date() },
    });
  return `${userId}.${secret}`;
}

/** The member a token names and the hash its row must hold, or null when it cannot be ours. */
export function parseFeedToken(token: string) {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId < 1 || userId > LIMITS.idMax) return null;
  return { userId, tokenHash: hashSecret(match[2]!) };
}
