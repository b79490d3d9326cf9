import { ADMIN_MESSAGES } from './schemas/admin-texts';
import { CALENDAR_MESSAGES, leaveWindow } from './schemas/calendar-texts';
import { isWeekend } from './schemas/dates-texts';
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

/** Only the author edits a post or a comment: being an admin lets one remove it, not reword it. */
export const canEditPost = (actor: { id: number }, post: { authorId: number }) =>
  post.authorId === actor.id;

export const canEditComment = (actor: { id: number }, comment: { userId: number }) =>
  comment.userId === actor.id;

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

/**
 * SPEC §4: "Non-admins cannot click weekends or admin-set holidays." A member marks and clears
 * leave on their own working days only (the server takes the day's owner from the session), and
 * an admin's own leave follows the same rule. Answers why a day is locked, or null.
 */
export function dayLockedReason(date: string, day: { isHoliday: boolean }): string | null {
  if (day.isHoliday) return CALENDAR_MESSAGES.holidayLocked;
  if (isWeekend(date)) return CALENDAR_MESSAGES.weekendLocked;
  return null;
}

/**
 * Leave is set only within the leave window (from today, `leaveWindow()`), and cleared anywhere,
 * so old leave can be tidied away. Answers why a day is outside it, or null.
 */
export function outsideLeaveWindow(date: string, window = leaveWindow()): string | null {
  // ISO dates order as text.
  return date < window.first || date > window.last
    ? CALENDAR_MESSAGES.outsideWindow(window.first, window.last)
    : null;
}

/** SPEC §6: an admin "sets and removes calendar holidays", on any day, weekends included. */
export const canSetHolidays = (actor: { isAdmin: boolean }) => actor.isAdmin;

/**
 * SPEC §6: an admin "adds and deletes maps; adds and removes tournament participants; picks
 * players, scores, winners, dates and times in the bracket; resets it; chooses maps for match
 * games". Members "view the tournament".
 */
export const canEditBracket = (actor: { isAdmin: boolean }) => actor.isAdmin;
