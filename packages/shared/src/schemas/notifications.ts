import { z } from 'zod';
import { pageQuerySchema } from './pagination';
import { idSchema } from './primitives';
import { REPORT_ACTIONS } from './safety-texts';
import { matchSchema } from './tournament';
import { userSummarySchema } from './users';

export const NOTIFICATION_TYPES = [
  'follow',
  'like',
  'comment',
  'transfer',
  'tournament',
  'moderation',
  'report',
  'mention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const postRef = z.object({ id: z.number().int(), title: z.string() });

/** What every group carries whatever its type (API.md `Notification`). */
const group = {
  id: z.number().int(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** Newest first, at most 3. */
  actors: z.array(userSummarySchema),
  actorsCount: z.number().int(),
};

/** One row per group; `subject` says what it is about, by type. */
const notificationSchema = z.discriminatedUnion('type', [
  z.object({ ...group, type: z.literal('follow'), subject: z.null() }),
  z.object({ ...group, type: z.literal('like'), subject: z.object({ post: postRef }) }),
  z.object({
    ...group,
    type: z.literal('comment'),
    subject: z.object({
      post: postRef,
      comment: z.object({ id: z.number().int(), text: z.string() }),
    }),
  }),
  z.object({
    ...group,
    type: z.literal('transfer'),
    subject: z.object({ amount: z.number(), note: z.string().nullable() }),
  }),
  z.object({ ...group, type: z.literal('tournament'), subject: z.object({ match: matchSchema }) }),
  z.object({
    ...group,
    type: z.literal('moderation'),
    subject: z.object({
      /** What it is about: the member's post, comment, message, or their profile (`user`). */
      targetType: z.enum(['post', 'comment', 'message', 'user']),
      /** The post's title (of a comment: its post's), the member's username, '' for a message. */
      title: z.string(),
      /** The comment's or the message's text. */
      text: z.string().optional(),
      /** Omitted: removed. `warn`: only a warning, with the admin's `note`. */
      action: z.enum(['remove', 'warn']).optional(),
      note: z.string().optional(),
    }),
  }),
  /** The member was named with `@username` in a post's description (`comment` null) or a comment. */
  z.object({
    ...group,
    type: z.literal('mention'),
    subject: z.object({
      post: postRef,
      comment: z.object({ id: z.number().int(), text: z.string() }).nullable(),
    }),
  }),
  /** A report the member made was resolved; never names the admin (no actors). */
  z.object({
    ...group,
    type: z.literal('report'),
    subject: z.object({
      status: z.enum(['resolved', 'dismissed']),
      action: z.enum(REPORT_ACTIONS).nullable(),
    }),
  }),
]);
export type Notification = z.infer<typeof notificationSchema>;

export const unreadNotificationsSchema = z.object({ unread: z.number().int() });

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: z.enum(['true', 'false']).optional(),
});

/** The groups to mark read; omitted, all of them. A request may have no body at all. */
export const readNotificationsInputSchema = z
  .object({ ids: z.array(idSchema).max(100).optional() })
  .nullish();

const settingsShape = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()]));
export const notificationSettingsSchema = z.object(
  settingsShape as Record<NotificationType, z.ZodBoolean>,
);
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Any subset of the switches, and nothing else. */
export const notificationSettingsUpdateSchema = z
  .strictObject(settingsShape as Record<NotificationType, z.ZodBoolean>)
  .partial();

/**
 * Years 0001 to 9999 in UTC: the instants whose `toISOString()` PostgreSQL reads (it has no year
 * 0, and JavaScript writes the year 10000 as +010000).
 */
const isoYearsUtc = {
  first: Date.parse('0001-01-01T00:00:00Z'),
  end: Date.parse('+010000-01-01T00:00:00Z'),
};

/**
 * The socket's `notificationsSince`: an instant JavaScript can read, so PostgreSQL can too. The
 * offset can carry a written year out of range ("0001-01-01T00:00:00+01:00" is in year 0), so the
 * instant is bounded, not the text.
 */
export const notificationsSinceSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const instant = Date.parse(value);
  return instant >= isoYearsUtc.first && instant < isoYearsUtc.end;
});

export type NotificationEvent =
  | { type: 'notification:new'; data: Notification }
  | { type: 'notifications:unread'; data: { unread: number } };
