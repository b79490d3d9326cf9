import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { READ_AHEAD_FRESH_MS } from '../../lib/read-ahead';
import { updateMe } from '../../lib/session';
import { moneyKeys } from './money-keys';

// The history's first page, apart from the rest of the money API because the app's route starts
// it before the page's code has arrived: keep this module small (no live socket code).

const HISTORY_PAGE_SIZE = 20;

const fetchTransactions = (cursor: string | null, signal?: AbortSignal) => {
  return api.call('listTransactions', {
    query: { cursor: cursor ?? undefined, limit: HISTORY_PAGE_SIZE },
    signal,
  });
};

/** The header and the balance card both read the session's profile, so one write updates both. */
export function setCachedBalance(queryClient: QueryClient, balance: number) {
  updateMe(queryClient, (me) => ({ ...me, balance }));
}

/** History, newest first, a page at a time. */
export const transactionsQuery = (queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: moneyKeys.history(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchTransactions(pageParam, signal);
      // The first page carries the balance of this very moment: the header follows it.
      if (pageParam === null) setCachedBalance(queryClient, page.balance);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A page read ahead by the route (prefetchTransactions) is not asked for again on mount; a
    // change of balance announced live refetches it.
    staleTime: READ_AHEAD_FRESH_MS,
  });

/** Starts the history's first page before its screen exists, beside the page's code. */
export const prefetchTransactions = (queryClient: QueryClient) =>
  queryClient.prefetchInfiniteQuery(transactionsQuery(queryClient));
