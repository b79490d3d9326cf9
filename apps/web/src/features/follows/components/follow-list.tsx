import { FOLLOW_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { Spinner } from '../../../components/spinner';
import { UserRow } from '../../../components/user-row';
import { useFollowList, type FollowDirection } from '../api';
import { FollowButton } from './follow-button';
import pageTitle from '../../../components/page-title.module.css';
import styles from './follow-list.module.css';

const TEXTS = {
  followers: {
    title: 'Subscribers',
    empty: FOLLOW_MESSAGES.noSubscribers,
    othersEmpty: FOLLOW_MESSAGES.popupNoSubscribers,
    error: FOLLOW_MESSAGES.errorLoadingSubscribers,
  },
  followings: {
    title: 'Subscriptions',
    empty: FOLLOW_MESSAGES.noSubscriptions,
    othersEmpty: FOLLOW_MESSAGES.popupNoSubscriptions,
    error: FOLLOW_MESSAGES.errorLoadingSubscriptions,
  },
} as const;

interface FollowListProps {
  direction: FollowDirection;
  username: string;
  /** Another member's list: named after them, with the neutral empty texts of their popups. */
  others?: boolean;
}

/**
 * /followers and /following, and another member's /user/:username/followers and /following:
 * people with a Subscribe button each, a page at a time.
 */
export function FollowList({ direction, username, others = false }: FollowListProps) {
  const texts = TEXTS[direction];
  const title = others ? `${texts.title} of @${username}` : texts.title;
  const list = useFollowList(direction, username);
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <h1 id={`${direction}-title`} className={pageTitle.title}>
        {title}
      </h1>
      <Card aria-labelledby={`${direction}-title`}>
        {list.isPending && (
          <div className={styles.state} role="status">
            <Spinner decorative />
            {FOLLOW_MESSAGES.loadingSubscriptions}
          </div>
        )}
        {list.isError && !list.data && (
          <RetryAlert text={texts.error} onRetry={() => void list.refetch()} />
        )}
        {list.isSuccess && people.length === 0 && (
          <p className={styles.empty}>{others ? texts.othersEmpty : texts.empty}</p>
        )}
        {people.length > 0 && (
          <ul className={styles.list}>
            {people.map((person) => (
              <li key={person.id}>
                <UserRow user={person} action={<FollowButton user={person} />} />
              </li>
            ))}
          </ul>
        )}
        {list.isFetchNextPageError && <Alert tone="error">{texts.error}</Alert>}
        {list.hasNextPage && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              Load more
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
