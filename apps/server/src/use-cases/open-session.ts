import { ERROR_CODES, suspendedMessage } from '@devplay/shared';
import { startSession } from '../db/sessions';
import { runningSuspension } from '../db/suspensions';
import type { UserRow } from '../db/schema/index';
import type { Deps } from '../deps';
import { forbidden } from '../lib/errors';

/** 403 `SUSPENDED` with the suspension's end (API.md "Safety."), while one runs. */
export function refuseSuspended(user: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>) {
  const suspension = runningSuspension(user);
  if (!suspension) return;
  const until = suspension.until?.toISOString() ?? null;
  throw forbidden(suspendedMessage(until), ERROR_CODES.suspended);
}

/** A new session once every factor is proved: its refresh token and a first access token. */
export async function openSession(
  { db, accessTokens }: Pick<Deps, 'db' | 'accessTokens'>,
  userId: number,
) {
  const refresh = await startSession(db, userId);
  return { token: await accessTokens.sign(userId, refresh.familyId), refresh };
}
