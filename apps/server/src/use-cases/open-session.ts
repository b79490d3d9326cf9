import { ERROR_CODES, suspendedMessage } from '@devplay/shared';
import { startSession } from '../db/sessions';
import { browserFamily, type Device } from '../lib/device';
import { runningSuspension } from '../db/suspensions';
import type { UserRow } from '../db/schema/index';
import type { Deps } from '../deps';
import { forbidden } from '../lib/errors';
import { alertNewBrowser, UNSEEN_DAYS } from './security-alerts';

/** 403 `SUSPENDED` with the suspension's end (API.md "Safety."), while one runs. */
export function refuseSuspended(user: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>) {
  const suspension = runningSuspension(user);
  if (!suspension) return;
  const until = suspension.until?.toISOString() ?? null;
  throw forbidden(suspendedMessage(until), ERROR_CODES.suspended);
}

/** A new session once every factor is proved: its refresh token and a first access token. */
export async function openSession(
  deps: Pick<Deps, 'db' | 'accessTokens' | 'jobs'>,
  user: UserRow,
  device: Device,
) {
  const browser = { name: browserFamily(device.userAgent), unseenDays: UNSEEN_DAYS };
  const { issued, noted } = await startSession(deps.db, user.id, device, browser);
  await alertNewBrowser(deps, user, device, noted);
  return { token: await deps.accessTokens.sign(user.id, issued.familyId), refresh: issued };
}
