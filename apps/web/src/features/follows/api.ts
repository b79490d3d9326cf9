import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { LIMITS, type Profile } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { QUERY_ROOTS } from '../../lib/query-roots';
import { refreshMe, useSession } from '../../lib/session';
import { userKeys } from '../../lib/user-keys';

const FOLLOW_LISTS = { followers: 'listFollowers', followings: 'listFollowings' } as const;
export type FollowDirection = keyof typeof FOLLOW_LISTS;

const PAGE_SIZE = 20;
/** The own followings are read whole (SPEC §3 "following list"); pages of the API maximum. */
const OWN_PAGE_SIZE = 100;
const OWN_MAX_PAGES = 20;

export const followKeys = {
  all: [QUERY_ROOTS.follows] as const,
  list: (direction: FollowDirection, username: string) =>
    [...followKeys.all, 'list', direction, username.toLowerCase()] as const,
  popup: (direction: FollowDirection, username: string) =>
    [...followKeys.all, 'popup', direction, username.toLowerCase()] as const,
  mine: (userId: number) => [...followKeys.all, 'mine', userId] as const,
};

function fetchFollowPage(
  direction: FollowDirection,
  username: string,
  { cursor, limit = PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
) {
  return api.call(FOLLOW_LISTS[direction], {
    params: { username },
    query: { cursor: cursor ?? undefined, limit },
  });
}

/** For the subscribers/subscriptions popups: the first few avatars and the full count. */
export async function loadFollowPopup(direction: FollowDirection, username: string, total: number) {
  const page = await fetchFollowPage(direction, username, { limit: LIMITS.popupAvatarsMax });
  return { users: page.items, total };
}

export function useFollowList(direction: FollowDirection, username: string) {
  return useInfiniteQuery({
    queryKey: followKeys.list(direction, username),
    queryFn: ({ pageParam }) => fetchFollowPage(direction, username, { cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: username.length > 0,
  });
}

async function fetchOwnFollowingIds(username: string): Promise<Set<number>> {
  const ids = new Set<number>();
  let cursor: string | null = null;
  for (let page = 0; page < OWN_MAX_PAGES; page += 1) {
    const result = await fetchFollowPage('followings', username, { cursor, limit: OWN_PAGE_SIZE });
    for (const user of result.items) ids.add(user.id);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

/**
 * Who the signed-in member follows, by user id: the one answer every Subscribe button reads,
 * so a person shown twice on a page (suggestions and a list) never shows two states.
 */
function useOwnFollowingIds() {
  const { me } = useSession();
  return useQuery({
    queryKey: followKeys.mine(me?.id ?? 0),
    queryFn: () => fetchOwnFollowingIds(me?.username ?? ''),
    enabled: me !== null,
    staleTime: 5 * 60_000,
  });
}

/** `fallback` (say, a profile's own isFollowing) answers until the list has loaded. */
export function useIsFollowing(userId: number, fallback?: boolean): boolean | undefined {
  const { data } = useOwnFollowingIds();
  return data ? data.has(userId) : fallback;
}

export interface FollowTarget {
  id: number;
  username: string;
}

function useFollowMutation(operation: 'followMember' | 'unfollowMember') {
  const queryClient = useQueryClient();
  const { me } = useSession();
  return useMutation({
    mutationFn: ({ username }: FollowTarget) => api.call(operation, { body: { username } }),
    onSuccess: async (state, target) => {
      if (me) {
        queryClient.setQueryData<Set<number>>(followKeys.mine(me.id), (ids) => {
          const next = new Set(ids);
          if (state.isFollowing) next.add(target.id);
          else next.delete(target.id);
          return next;
        });
      }
      queryClient.setQueryData<Profile>(
        userKeys.profile(target.username),
        (profile) => profile && { ...profile, ...state },
      );
      // Suggestions are marked stale but not refetched: the person just followed stays in
      // view with a tick instead of vanishing under the pointer.
      void queryClient.invalidateQueries({ queryKey: userKeys.suggested(), refetchType: 'none' });
      // SPEC §4: the follow lists reload after subscribe or unsubscribe; counts follow.
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: followKeys.all,
          predicate: (query) => query.queryKey[1] !== 'mine',
        }),
        queryClient.invalidateQueries({ queryKey: userKeys.profiles() }),
        refreshMe(queryClient),
      ]);
    },
  });
}

export const useFollow = () => useFollowMutation('followMember');
export const useUnfollow = () => useFollowMutation('unfollowMember');

/** SPEC §4 names the follow states; TanStack's mutation status maps onto them one to one. */
type FollowStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export function followStatus(mutation: Pick<UseMutationResult, 'status'>): FollowStatus {
  switch (mutation.status) {
    case 'pending':
      return 'loading';
    case 'success':
      return 'succeeded';
    case 'error':
      return 'failed';
    default:
      return 'idle';
  }
}
