import { useId, type ReactNode } from 'react';
import { PROFILE_MESSAGES, type UserSummary } from '@devplay/shared';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { UserRow } from '../../../components/user-row';
import { useSuggestedUsers } from '../api';
import styles from './users-to-follow.module.css';

interface UsersToFollowProps {
  /**
   * SPEC §2: the list sits in the right column on desktop and in the centre on phones only.
   * Both copies share one query; CSS shows the one that fits the screen.
   */
  placement: 'center' | 'aside';
  /** The Subscribe button, supplied by the page (features do not import each other). */
  renderAction?: (user: UserSummary) => ReactNode;
}

export function UsersToFollow({ placement, renderAction }: UsersToFollowProps) {
  const headingId = useId();
  const suggested = useSuggestedUsers();

  // Nobody left to suggest: the card would only be noise.
  if (suggested.isSuccess && suggested.data.length === 0) return null;

  return (
    <Card className={styles[placement]} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Users to follow
      </h2>
      {suggested.isPending && (
        <div className={styles.state}>
          <Spinner />
        </div>
      )}
      {suggested.isError && <p className={styles.error}>{PROFILE_MESSAGES.errorLoadingUser}</p>}
      {suggested.isSuccess && (
        <ul className={styles.list}>
          {suggested.data.map((user) => (
            <li key={user.id}>
              <UserRow user={user} action={renderAction?.(user)} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
