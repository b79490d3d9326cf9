import type { Match, Me, Page, UserSummary } from '@devplay/shared';

/*
 * Stand-ins for the shared contract (API.md `Notification`, `NotificationSettings`, the
 * `notification:new` and `notifications:unread` frames, `Me.unreadNotifications`) until
 * packages/shared carries them; then this file gives way to the shared types.
 */

export const NOTIFICATION_TYPES = [
  'follow',
  'like',
  'comment',
  'transfer',
  'tournament',
  'moderation',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

interface PostRef {
  id: number;
  title: string;
}

interface SubjectOf {
  follow: null;
  like: { post: PostRef };
  comment: { post: PostRef; comment: { id: number; text: string } };
  transfer: { amount: number; note: string | null };
  tournament: { match: Match };
  moderation: { targetType: 'post' | 'comment'; title: string; text?: string | null };
}

/** One row per group: its actors newest first (at most three), `actorsCount` all of them. */
export type Notification = {
  [T in NotificationType]: {
    id: number;
    type: T;
    createdAt: string;
    readAt: string | null;
    actors: UserSummary[];
    actorsCount: number;
    subject: SubjectOf[T];
  };
}[NotificationType];

export type NotificationSettings = Record<NotificationType, boolean>;

export type NotificationPage = Page<Notification> & { unread: number };

export type NotificationLiveEvent =
  | { type: 'notification:new'; data: Notification }
  | { type: 'notifications:unread'; data: { unread: number } };

/** The profile's unread count, 0 until the server sends it. */
export const unreadNotificationsOf = (me: Me): number =>
  (me as Me & { unreadNotifications?: number }).unreadNotifications ?? 0;

/** Writes the count into a cached profile (see lib/session's updateMe). */
export const withUnreadNotifications = (me: Me, unread: number): Me =>
  unreadNotificationsOf(me) === unread ? me : ({ ...me, unreadNotifications: unread } as Me);
