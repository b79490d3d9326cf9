import {
  describeNotification,
  displayName,
  PAGE_LINKS,
  PAGE_PATHS,
  type Notification,
} from '@devplay/shared';

/** API.md Push: what the service worker shows (`title` strong, then `body`), and opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** A notification's text stays well inside a push's 4 KB once encrypted. */
const BODY_MAX = 240;
const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);

/**
 * One group's push, in the bell's own words: who (the title) and what (the body). A row with
 * nothing to open opens the notifications. Its tag makes a growing group replace its earlier push
 * on the device.
 */
export function notificationPush(group: Notification, recipientId: number): PushPayload {
  const { who, what, href } = describeNotification(group, recipientId);
  return {
    title: clip(who),
    body: clip(what),
    url: href ?? PAGE_PATHS.notifications,
    tag: `notification-${group.id}`,
  };
}

/** A direct message: the sender and the text, opening the chat, one push per conversation. */
export function messagePush(
  sender: { id: number; username: string; fullName: string },
  text: string,
): PushPayload {
  return {
    title: clip(displayName(sender)),
    body: clip(text),
    url: PAGE_LINKS.chat(sender.id),
    tag: `chat-${sender.id}`,
  };
}
