import { describeNotification } from '@devplay/shared';
import {
  AtSign,
  Banknote,
  Flag,
  Heart,
  MessageCircle,
  ShieldAlert,
  Trophy,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { Notification, NotificationType } from '@devplay/shared';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { formatDateTime } from '../../../lib/format-date-time';
import styles from './notification-row.module.css';

const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  follow: UserPlus,
  like: Heart,
  comment: MessageCircle,
  transfer: Banknote,
  tournament: Trophy,
  moderation: ShieldAlert,
  report: Flag,
  mention: AtSign,
};

/** Admin actions show their kind, not the admin: the sentence names no admin. */
const ADMIN_TYPES: readonly NotificationType[] = ['tournament', 'moderation', 'report'];
const byAdmin = (type: NotificationType) => ADMIN_TYPES.includes(type);

/** The newest three actors' pictures, overlapping, with the kind of event on the corner. */
function Pictures({ item }: { item: Notification }) {
  const Icon = TYPE_ICONS[item.type];
  if (byAdmin(item.type)) {
    return (
      <span className={`${styles.pictures} ${styles.adminMark}`} aria-hidden="true">
        <Icon size={22} />
      </span>
    );
  }
  return (
    <span className={styles.pictures} aria-hidden="true">
      {item.actors.slice(0, 3).map((actor) => (
        <Avatar key={actor.id} src={actor.avatar} alt="" size="sm" className={styles.avatar} />
      ))}
      <span className={`${styles.kind} ${styles[item.type]}`}>
        <Icon size={12} strokeWidth={2.75} />
      </span>
    </span>
  );
}

/**
 * One group: who, what, when, and a link to what it is about over the whole row. Unread rows
 * say "New" in words as well as with the accent edge.
 */
export function NotificationRow({
  item,
  meId,
  unread,
}: {
  item: Notification;
  meId: number;
  unread: boolean;
}) {
  const { who, what, href } = describeNotification(item, meId);
  const sentence = (
    <>
      <strong className={styles.who}>{who}</strong> {what}
    </>
  );
  return (
    <article className={unread ? `${styles.row} ${styles.unread}` : styles.row}>
      <Pictures item={item} />
      <p className={styles.sentence}>
        {href ? (
          <Link to={href} className={styles.link}>
            {sentence}
          </Link>
        ) : (
          sentence
        )}
      </p>
      <p className={styles.meta}>
        {unread && <span className={styles.newTag}>New</span>}
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
      </p>
    </article>
  );
}
