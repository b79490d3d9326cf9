import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from './query-roots';
import { refreshMe } from './session';
import { userKeys } from './user-keys';

interface Authored {
  author?: { id: number };
}
type AuthoredPages = InfiniteData<{ items: Authored[] }, unknown>;

const isAuthoredPages = (data: unknown): data is AuthoredPages =>
  Array.isArray((data as Partial<AuthoredPages> | undefined)?.pages);

/**
 * A block or a mute hides the member's posts and comments from the viewer: they leave every
 * cached feed, post page and comment list at once, before those are read again.
 */
export function dropAuthoredBy(queryClient: QueryClient, memberId: number): void {
  queryClient.setQueriesData<unknown>({ queryKey: [QUERY_ROOTS.posts] }, (data: unknown) => {
    if (!isAuthoredPages(data)) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.author?.id !== memberId),
      })),
    };
  });
}

/**
 * After a block, a mute or their undoing, whatever depends on who relates to whom is read again:
 * feeds, comments and likes, follow lists and counts, profiles and search, chats and
 * notifications, and the member's own counters.
 */
export async function readRelationsAgain(queryClient: QueryClient): Promise<void> {
  const roots = [...Object.values(QUERY_ROOTS), ...userKeys.all];
  await Promise.all([
    ...roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })),
    refreshMe(queryClient),
  ]);
}
