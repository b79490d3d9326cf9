import { PROFILE_MESSAGES } from '@devplay/shared';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { useSession } from '../../lib/session';
import { useIsPhone } from '../../lib/use-media-query';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';

/** /notifications: what others did that concerns the member, newest first. */
export function NotificationsPage() {
  const { me, isLoading } = useSession();
  const phone = useIsPhone();

  let content;
  if (isLoading) content = <PageLoading />;
  else if (!me) content = <PageError text={PROFILE_MESSAGES.errorLoadingUser} />;
  // Keyed by member: what one member saw marked read never carries over to another.
  else content = <NotificationList key={me.id} meId={me.id} />;

  return (
    <>
      <title>Notifications · DevPlay</title>
      {/* The same column as the feed's, beside the same suggestions as Messages. A phone has no
          column beside: under the list, the card jumped down as the rows arrived (CLS 0.6). */}
      <ThreeColumnLayout
        center={content}
        right={phone ? undefined : <Suggestions placement="aside" />}
      />
    </>
  );
}
