import type { UserRow } from './schema/index';

/**
 * A member's suspension as it stands at `now`: null when none runs. It ends by itself at
 * `suspendedUntil`, so every check compares with the clock and nothing has to lift it.
 */
export function runningSuspension(
  user: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>,
  now = Date.now(),
): { until: Date | null } | null {
  if (!user.suspendedAt) return null;
  if (user.suspendedUntil && user.suspendedUntil.getTime() <= now) return null;
  return { until: user.suspendedUntil };
}
