import { FOLLOW_MESSAGES } from '@devplay/shared';
import { followKeys, loadFollowPopup, type FollowDirection } from '../../features/follows/api';
import { AvatarPopup } from '../../components/avatar-popup';
import { NOUNS, type Noun } from '../../features/users/count-noun';
import { StatChip } from '../../features/users/components/stat-chip';
import { paths } from '../../lib/paths';

const LISTS: readonly {
  direction: FollowDirection;
  noun: Noun;
  ownPage: string;
  othersPage: (username: string) => string;
  empty: string;
  error: string;
}[] = [
  {
    direction: 'followers',
    noun: NOUNS.subscribers,
    ownPage: paths.followers,
    othersPage: paths.userFollowers,
    empty: FOLLOW_MESSAGES.popupNoSubscribers,
    error: FOLLOW_MESSAGES.errorLoadingSubscribers,
  },
  {
    direction: 'followings',
    noun: NOUNS.subscriptions,
    ownPage: paths.following,
    othersPage: paths.userFollowing,
    empty: FOLLOW_MESSAGES.popupNoSubscriptions,
    error: FOLLOW_MESSAGES.errorLoadingSubscriptions,
  },
];

/** The counts a profile shows; a profile that blocks the viewer, or a suspended one, has none. */
export interface ProfileCounts {
  username: string;
  posts_count: number;
  followersCount: number;
  followingsCount: number;
}

interface FollowStatsProps {
  user: ProfileCounts;
  /**
   * One's own counts link to /my_posts, /followers and /following; another member's lists to
   * /user/:username/followers and /following.
   */
  own: boolean;
}

/**
 * Posts, subscribers and subscriptions chips; the latter two show avatars on hover (SPEC §2) and
 * lead to the whole list.
 */
export function FollowStats({ user, own }: FollowStatsProps) {
  const { username } = user;
  return (
    <>
      <StatChip count={user.posts_count} noun={NOUNS.posts} to={own ? paths.myPosts : undefined} />
      {LISTS.map(({ direction, noun, ownPage, othersPage, empty, error }) => {
        const total = direction === 'followers' ? user.followersCount : user.followingsCount;
        const listPage = own ? ownPage : othersPage(username);
        return (
          <AvatarPopup
            key={direction}
            queryKey={followKeys.popup(direction, username)}
            load={() => loadFollowPopup(direction, username, total)}
            emptyText={empty}
            errorText={error}
            label={noun.other}
            moreTo={listPage}
          >
            {(popup) => <StatChip count={total} noun={noun} to={listPage} popup={popup} />}
          </AvatarPopup>
        );
      })}
    </>
  );
}
