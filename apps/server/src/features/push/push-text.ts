import { PAGE_PATHS, type Notification, type UserSummary } from '@devplay/shared';

/** API.md Push: what the service worker shows (`title` strong, then `body`), and opens. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** A notification's text stays well inside a push's 4 KB once encrypted. */
const BODY_MAX = 240;
const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);
const quoted = (title: string) => `“${title}”`;
const euro = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });

/** The name the app shows: the full name, else the username. */
const shownName = (member: Pick<UserSummary, 'username' | 'fullName'>) =>
  member.fullName.trim() || member.username;

/** "Ada", "Ada and Ben", then "Ada, Ben and 38 others", as the bell names a group's actors. */
function actorsOf({ actors, actorsCount }: Notification) {
  const names = actors.map(shownName);
  const total = Math.max(actorsCount, names.length);
  if (names.length === 0) return 'Someone';
  if (total === 1) return names[0]!;
  if (total === 2 && names.length === 2) return `${names[0]} and ${names[1]}`;
  const others = total - Math.min(2, names.length);
  const shown = names.slice(0, 2).join(', ');
  return others === 0 ? shown : `${shown} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

const postPage = (id: number) => `/post/${id}`;

/** Who (the title) and what (the body), and the page a click opens. */
function wordsOf(group: Notification): { title: string; body: string; url: string } {
  const who = actorsOf(group);
  switch (group.type) {
    case 'follow': {
      const [only] = group.actors;
      const url =
        group.actorsCount === 1 && only
          ? `/user/${encodeURIComponent(only.username)}`
          : PAGE_PATHS.followers;
      return { title: who, body: 'subscribed to you', url };
    }
    case 'like':
      return {
        title: who,
        body: `liked ${quoted(group.subject.post.title)}`,
        url: postPage(group.subject.post.id),
      };
    case 'comment': {
      const { post, comment } = group.subject;
      return {
        title: who,
        body: `commented on ${quoted(post.title)}: ${comment.text}`,
        url: postPage(post.id),
      };
    }
    case 'mention': {
      const { post, comment } = group.subject;
      const where = comment ? `a comment on ${quoted(post.title)}` : quoted(post.title);
      return { title: who, body: `mentioned you in ${where}`, url: postPage(post.id) };
    }
    case 'transfer': {
      const { amount, note } = group.subject;
      return {
        title: who,
        body: `sent you ${euro.format(amount)}${note ? `: ${note}` : ''}`,
        url: PAGE_PATHS.transactions,
      };
    }
    case 'tournament':
      return {
        title: 'An admin',
        body: 'updated your match',
        url: `${PAGE_PATHS.tournament}?tab=table`,
      };
    case 'moderation': {
      const { targetType, title, action } = group.subject;
      // A message's title is empty and a profile's is the member's own name: neither is said.
      const on = targetType === 'comment' ? ' on' : '';
      const named = targetType === 'post' || targetType === 'comment' ? ` ${quoted(title)}` : '';
      const content = `your ${targetType === 'user' ? 'profile' : targetType}${on}${named}`;
      const body = action === 'warn' ? `warned you about ${content}` : `removed ${content}`;
      return { title: 'An admin', body, url: PAGE_PATHS.notifications };
    }
    case 'report':
      return { title: 'Your report', body: 'was reviewed', url: PAGE_PATHS.notifications };
  }
}

/** One group's push; its tag makes a growing group replace its earlier push on the device. */
export function notificationPush(group: Notification): PushPayload {
  const { title, body, url } = wordsOf(group);
  return { title: clip(title), body: clip(body), url, tag: `notification-${group.id}` };
}

/** A direct message: the sender and the text, opening the chat, one push per conversation. */
export function messagePush(
  sender: { id: number; username: string; fullName: string },
  text: string,
): PushPayload {
  return {
    title: clip(shownName(sender)),
    body: clip(text),
    url: `/message/${sender.id}`,
    tag: `chat-${sender.id}`,
  };
}
