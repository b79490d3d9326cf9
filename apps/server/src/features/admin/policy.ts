import { ADMIN_MESSAGES, ERROR_CODES, type ErrorCode } from '@devplay/shared';

/**
 * An admin deletes members from the panel, but never themself (Settings does that, with
 * its own confirmation) nor another admin (admins are set by ADMIN_EMAILS, not by each other).
 */
export function memberDeletionRefusal(
  actorId: number,
  target: { id: number; isAdmin: boolean },
): { message: string; code: ErrorCode } | null {
  if (target.id === actorId) {
    return { message: ADMIN_MESSAGES.cannotDeleteSelf, code: ERROR_CODES.cannotDeleteSelf };
  }
  if (target.isAdmin) {
    return { message: ADMIN_MESSAGES.cannotDeleteAdmin, code: ERROR_CODES.cannotDeleteAdmin };
  }
  return null;
}
