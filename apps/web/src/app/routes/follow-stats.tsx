import { FOLLOW_MESSAGES } from '@devplay/shared';
import { followKeys, loadFollowPopup, type FollowDirection } from '../../features/follows/api';
import { AvatarPopup } from '../../components/avatar-popup';
import { StatChip } from '../../features/users/components/stat-chip';

const LISTS: readonly {
  direction: FollowDirection;
  label: string;
  ownPage: string;
  empty: string;
  error: string;
}[] = [
  {
    direction: 'followers',
    label: 'Subscribers',
    ownPage: '/followers',
    empty: FOLLOW_MESSAGES.popupNoSubscribers,
    error: FOLLOW_MESSAGES.errorLoadingSubscribers,
  },
  {
    direction: 'followings',
    label: 'Subscriptions',
    ownPage: '/following',
    empty: FOLLOW_MESSAGES.popupNoSubscriptions,
    error: FOLLOW_MESSAGES.errorLoadingSubscriptions,
  },
];

interface FollowStatsProps {
  username: string;
  postsCount: number;
  followersCount: number;
  followingsCount: number;
  /** One's own counts link to /my_posts, /followers and /following. */
  own: boolean;
}

/** Posts, subscribers and subscriptions chips; the latter two show avatars on hover (SPEC §2). */
export function FollowStats({ username, postsCount, own, ...counts }: FollowStatsProps) {
  return (
    <>
      <StatChip count={postsCount} label="Posts" to={own ? '/my_posts' : undefined} />
      {LISTS.map(({ direction, label, ownPage, empty, error }) => {
        const total = direction === 'followers' ? counts.followersCount : counts.followingsCount;
        return (
          <AvatarPopup
            key={direction}
            queryKey={followKeys.popup(direction, username)}
            load={() => loadFollowPopup(direction, username, total)}
            emptyText={empty}
            errorText={error}
            label={label}
          >
            {(popup) => (
              <StatChip count={total} label={label} to={own ? ownPage : undefined} popup={popup} />
            )}
          </AvatarPopup>
        );
      })}
    </>
  );
}
