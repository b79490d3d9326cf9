import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName, handle, PROFILE_MESSAGES, type UserSummary } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { Spinner } from '../../../components/spinner';
import { UserRow } from '../../../components/user-row';
import { useIsPhone } from '../../../lib/use-media-query';
import { useSuggestedUsers } from '../api';
import styles from './users-to-follow.module.css';
import { paths } from '../../../lib/paths';

interface UsersToFollowProps {
  /**
   * SPEC §2: a list in the right column on desktop; on phones a compact strip at the top of the
   * page's centre. The page draws one or the other.
   */
  placement: 'center' | 'aside';
  /** The Subscribe button, supplied by the page (features do not import each other). */
  renderAction?: (user: UserSummary) => ReactNode;
}

const NOBODY_TO_SUGGEST = 'You follow everyone here for now.';

export function UsersToFollow({ placement, renderAction }: UsersToFollowProps) {
  const headingId = useId();
  const suggested = useSuggestedUsers();
  const phone = useIsPhone();

  const strip = placement === 'center';
  const nobody = suggested.isSuccess && suggested.data.length === 0;
  // On a phone the aside comes after the page's own content, which pushes anything waiting there
  // down as it arrives (a layout shift of 0.2 on /message), so it comes with its people. The
  // strip and the desktop column keep the room of their people while they load instead, so
  // what is under them does not jump.
  if (suggested.isPending && phone && placement === 'aside') return null;

  return (
    <Card className={styles[placement]} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Users to follow
      </h2>
      {suggested.isPending && (
        <div className={strip ? styles.stripState : styles.state}>
          <Spinner />
        </div>
      )}
      {suggested.isError && (
        <RetryAlert
          text={PROFILE_MESSAGES.errorLoadingUser}
          onRetry={() => void suggested.refetch()}
        />
      )}
      {/* Nobody left to suggest: the card stays, in the room it held while loading, and says
          why, since the feed under the strip and the widgets under the column would jump up. */}
      {nobody && strip && <p className={styles.stripEmpty}>{NOBODY_TO_SUGGEST}</p>}
      {nobody && !strip && (
        <div className={styles.columnEmpty}>
          <p>{NOBODY_TO_SUGGEST}</p>
          <Link to={paths.following}>People you follow</Link>
        </div>
      )}
      {suggested.isSuccess && !nobody && (
        <ul className={strip ? styles.strip : styles.list}>
          {suggested.data.map((user) => (
            <li key={user.id} className={strip ? styles.tile : undefined}>
              {strip ? (
                <UserTile user={user} action={renderAction?.(user)} />
              ) : (
                <UserRow user={user} action={renderAction?.(user)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** One person of the phone strip, on one line: picture, names, then the Subscribe button. */
function UserTile({ user, action }: { user: UserSummary; action: ReactNode }) {
  return (
    <>
      <Link to={paths.user(user.username)} className={styles.tileLink}>
        <Avatar src={user.avatar} alt="" size="md" />
        <span className={styles.tileNames}>
          <span className={styles.tileName}>{displayName(user)}</span>
          <span className={styles.tileHandle}>{handle(user.username)}</span>
        </span>
      </Link>
      {action}
    </>
  );
}
