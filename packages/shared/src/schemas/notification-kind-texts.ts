import type { NotificationType } from './notifications';

/**
 * Each kind of notification as Settings names it, with what it is about: the bell's switches and
 * a device's push choices say the same.
 */
export const NOTIFICATION_KINDS: Record<NotificationType, { label: string; hint: string }> = {
  follow: { label: 'New subscribers', hint: 'Someone subscribes to you' },
  like: { label: 'Likes', hint: 'Someone likes your post' },
  comment: { label: 'Comments', hint: 'Someone comments on your post' },
  transfer: { label: 'Money received', hint: 'Someone sends you money' },
  tournament: { label: 'Tournament', hint: 'Your match is set, scheduled or decided' },
  moderation: { label: 'Moderation', hint: 'An admin removes or warns about your content' },
  report: { label: 'Your reports', hint: 'An admin reviewed something you reported' },
  mention: { label: 'Mentions', hint: 'Someone mentions you with @username' },
};
