import { MessageSquare } from 'lucide-react';
import { NavLink } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { useUnreadCount } from '../api';
import styles from './messages-nav-link.module.css';
import { paths } from '../../../lib/paths';

/** The header's way to the conversations: an icon with the live unread count on its corner. */
export function MessagesNavLink({ className }: { className?: string }) {
  const count = useUnreadCount();
  return (
    <NavLink
      to={paths.messages}
      className={[styles.navLink, className].filter(Boolean).join(' ')}
      // The label carries the count, so the badge inside is only seen, not read.
      aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}
      title="Messages"
    >
      <MessageSquare size={20} aria-hidden />
      <CountBadge count={count} className={styles.corner} />
    </NavLink>
  );
}
