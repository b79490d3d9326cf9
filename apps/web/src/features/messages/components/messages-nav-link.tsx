import { MessageSquare } from 'lucide-react';
import { IconCountLink } from '../../../components/icon-count-link';
import { paths } from '../../../lib/paths';
import { useUnreadCount } from '../conversations-query';

/** The header's way to the conversations: an icon with the live unread count on its corner. */
export function MessagesNavLink({ className }: { className?: string }) {
  return (
    <IconCountLink
      to={paths.messages}
      label="Messages"
      icon={MessageSquare}
      count={useUnreadCount()}
      className={className}
    />
  );
}
