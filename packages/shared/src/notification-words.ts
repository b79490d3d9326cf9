import { formatEuro } from './format-euro';
import { matchLabel } from './match-label';
import { displayName } from './member-name';
import { PAGE_LINKS, PAGE_PATHS } from './page-routes';
import type { Notification } from './schemas/notifications';
import type { Match } from './schemas/tournament';
import type { UserSummary } from './schemas/users';

/**
 * Who did it (written strong) and what happened; read together they are one sentence. The bell's
 * rows and the pushes a closed tab gets say the same, in these words.
 */
export interface NotificationText {
  who: string;
  what: string;
  /** Where the row leads: its subject's page, or nowhere when the subject is gone. */
  href: string | null;
}

const ADMIN = 'An admin';

const quoted = (title: string) => `“${title}”`;

/**
 * "Alice Liddell", "Alice Liddell and bob", "Alice Liddell, bob and carol", then "Alice Liddell,
 * bob and 38 others": three names at most, as the group carries its newest three actors and the
 * count of all of them. Full names, as the rest of the app shows members; a username only for a
 * member without one.
 */
export function actorNames(actors: readonly UserSummary[], actorsCount: number): string {
  const names = actors.map(displayName);
  const total = Math.max(actorsCount, names.length);
  if (names.length === 0) return 'Someone';
  if (total > 3 || names.length < total) {
    const shown = names.slice(0, Math.min(2, names.length));
    const others = total - shown.length;
    return `${shown.join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
  }
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** SPEC §3's time format; a match's date and time are wall-clock values, not converted. */
function matchWhen({ matchDate, matchTime }: Match): string | null {
  if (!matchDate) return null;
  const [year, month, day] = matchDate.split('-');
  return `${day}.${month}.${year}${matchTime ? ` ${matchTime.slice(0, 5)}` : ''}`;
}

/** What the match now holds for the reader: when it is played, its score, and who won. */
function matchNews(match: Match, meId: number): string {
  const when = matchWhen(match);
  const parts = [
    when && `scheduled for ${when}`,
    match.score && `score ${match.score}`,
    match.winnerId !== null && (match.winnerId === meId ? 'you won' : 'you lost'),
  ].filter(Boolean);
  const label = matchLabel(match.round, match.matchIndex);
  return `updated your match ${label}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

type ModerationSubject = Extract<Notification, { type: 'moderation' }>['subject'];

/** What an admin did about the reader's content: removed it, or warned them with a note. */
function moderationNews({ targetType, title, text, action, note }: ModerationSubject): string {
  const content = {
    post: `your post ${quoted(title)}`,
    comment: `your comment on ${quoted(title)}`,
    message: 'your message',
    user: 'your profile',
  }[targetType];
  if (action === 'warn') return `warned you about ${content}${note ? `: ${note}` : ''}`;
  return `removed ${content}${text ? `: ${text}` : ''}`;
}

/** How a report ended, as its reporter reads it after "Your report". */
const REPORT_OUTCOME_TEXTS = {
  dismiss: 'was reviewed: no rule was broken.',
  remove: 'was reviewed: the content was removed.',
  warn: 'was reviewed: the author was warned.',
  suspend: 'was reviewed: the author was suspended.',
} as const;

/** The sentence and the link of one group, as its row shows them. */
export function describeNotification(item: Notification, meId: number): NotificationText {
  const who = actorNames(item.actors, item.actorsCount);
  switch (item.type) {
    case 'follow': {
      const [only] = item.actors;
      // One new subscriber opens their profile; several, the list of them all.
      const href =
        item.actorsCount === 1 && only ? PAGE_LINKS.user(only.username) : PAGE_PATHS.followers;
      return { who, what: 'subscribed to you', href };
    }
    case 'like':
      return {
        who,
        what: `liked ${quoted(item.subject.post.title)}`,
        href: PAGE_LINKS.post(item.subject.post.id),
      };
    case 'comment':
      return {
        who,
        what: `commented on ${quoted(item.subject.post.title)}: ${item.subject.comment.text}`,
        href: PAGE_LINKS.post(item.subject.post.id),
      };
    case 'mention': {
      const { post, comment } = item.subject;
      const where = comment ? `a comment on ${quoted(post.title)}` : quoted(post.title);
      return { who, what: `mentioned you in ${where}`, href: PAGE_LINKS.post(post.id) };
    }
    case 'transfer': {
      const { amount, note } = item.subject;
      return {
        who,
        what: `sent you ${formatEuro(amount)}${note ? `: ${note}` : ''}`,
        href: PAGE_PATHS.transactions,
      };
    }
    case 'tournament':
      return {
        who: ADMIN,
        what: matchNews(item.subject.match, meId),
        href: `${PAGE_PATHS.tournament}?tab=table`,
      };
    case 'moderation':
      // What a removal reports is gone, and a warning is all its note: there is nothing to open.
      return { who: ADMIN, what: moderationNews(item.subject), href: null };
    case 'report':
      // Whoever decided stays unnamed, and what was reported may be gone.
      return {
        who: 'Your report',
        what: REPORT_OUTCOME_TEXTS[item.subject.action ?? 'dismiss'],
        href: null,
      };
  }
}
