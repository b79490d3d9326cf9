import { ADMIN_MESSAGES } from './schemas/admin-texts';
import { ERROR_CODES, type ErrorCode } from './schemas/errors-texts';

/**
 * Who may do what, in one place: the server enforces these and the web asks the same functions
 * what to offer, so a button never shows for an action the server would refuse.
 */

/** The one acting; the server builds it from the session, the web from `me`. */
export interface PolicyActor {
  id: number;
  isAdmin: boolean;
}

/** SPEC §6: members delete their own posts and comments; admins delete anyone's. */
export const canDeletePost = (actor: PolicyActor, post: { authorId: number }) =>
  actor.isAdmin || post.authorId === actor.id;

export const canDeleteComment = (actor: PolicyActor, comment: { userId: number }) =>
  actor.isAdmin || comment.userId === actor.id;

/** Only its sender deletes a message, for both sides; being an admin changes nothing here. */
export const canDeleteMessage = (actor: { id: number }, message: { senderId: number }) =>
  message.senderId === actor.id;

/**
 * An admin deletes members from the panel, but never themself (Settings does that, with
 * its own confirmation) nor another admin (admins are set by ADMIN_EMAILS, not by each other).
 */
export function memberDeletionRefusal(
  actorId: number | undefined,
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
