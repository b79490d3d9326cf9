import { MessageSquare } from 'lucide-react';
import { NavLink } from 'react-router';
import { useUnreadCount } from '../api';
import styles from './unread-badge.module.css';

const shown = (count: number) => (count > 99 ? '99+' : String(count));

/** A pill with a count; nothing at zero. Screen readers hear "3 unread", not a bare "3". */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{shown(count)}</span>
      <span className="visually-hidden">{`${count} unread`}</span>
    </span>
  );
}

/** The signed-in member's unread messages, live. */
export function UnreadBadge({ className }: { className?: string }) {
  return <CountBadge count={useUnreadCount()} className={className} />;
}

/** The header's way to the conversations: an icon with the live unread count on its corner. */
export function MessagesNavLink({ className }: { className?: string }) {
  const count = useUnreadCount();
  return (
    <NavLink
      to="/message"
      className={[styles.navLink, className].filter(Boolean).join(' ')}
      aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}
      title="Messages"
    >
      <MessageSquare size={20} aria-hidden />
      {count > 0 && (
        <span className={`${styles.badge} ${styles.corner}`} aria-hidden="true">
          {shown(count)}
        </span>
      )}
    </NavLink>
  );
}
