import { Bell } from 'lucide-react';
import { IconCountLink } from '../../../components/icon-count-link';
import { paths } from '../../../lib/paths';
import { useUnreadNotifications } from '../unread-count';

const announce = (count: number) =>
  count === 0 ? '' : `${count} unread ${count === 1 ? 'notification' : 'notifications'}`;

/** The header's bell: the unread count on its corner, announced when it changes. */
export function NotificationBell() {
  const count = useUnreadNotifications();
  return (
    <IconCountLink
      to={paths.notifications}
      label="Notifications"
      icon={Bell}
      count={count}
      announcement={announce(count)}
    />
  );
}
