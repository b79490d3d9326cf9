import {
  partialMatchKey,
  useQueryClient,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLatest } from './use-latest';

/**
 * A query a live listener keeps current from events: a key (and every query under it) read again
 * whenever the socket opens, since an event sent before the socket first opened or while it was
 * down reached no listener. `leaveOnScreen`: a query on show is only marked stale and read when
 * next shown, for a list the reader scrolls, where a refetch would move what they are reading.
 */
export type LiveQuery = QueryKey | { queryKey: QueryKey; leaveOnScreen: true };

/**
 * Said by a listener that keeps no query current: it acts on events (marks a chat read), keeps
 * its own state, or its missed events come back with the socket's greeting.
 */
export const KEEPS_NO_QUERY = Symbol('keeps no query');

/** Never empty: a listener that keeps nothing says so with KEEPS_NO_QUERY. */
export type LiveQueries = readonly [LiveQuery, ...LiveQuery[]] | typeof KEEPS_NO_QUERY;

interface Holder {
  queryClient: QueryClient;
  queries: () => LiveQueries;
}

const holders = new Set<Holder>();

/** Holds the caller's queries while it is mounted; the newest list is read at each opening. */
export function useHoldLiveQueries(queries: LiveQueries) {
  const queryClient = useQueryClient();
  const latest = useLatest(queries);
  useEffect(() => {
    const holder = { queryClient, queries: () => latest.current };
    holders.add(holder);
    return () => void holders.delete(holder);
  }, [queryClient, latest]);
}

const underAny =
  (keys: QueryKey[]) =>
  ({ queryKey }: Query) =>
    keys.some((key) => partialMatchKey(queryKey, key));

/**
 * The socket opened, for the first time or after a drop: every query a mounted listener keeps is
 * invalidated, each client once, so a query two listeners keep (the member) is fetched once.
 */
export function readLiveQueriesAgain() {
  const byClient = new Map<QueryClient, { read: QueryKey[]; left: QueryKey[] }>();
  for (const { queryClient, queries } of holders) {
    const held = queries();
    if (held === KEEPS_NO_QUERY) continue;
    const keys = byClient.get(queryClient) ?? { read: [], left: [] };
    byClient.set(queryClient, keys);
    for (const query of held) {
      if ('queryKey' in query) keys.left.push(query.queryKey);
      else keys.read.push(query);
    }
  }
  for (const [queryClient, { read, left }] of byClient) {
    void queryClient.invalidateQueries({ predicate: underAny(read) });
    void queryClient.invalidateQueries({ predicate: underAny(left), refetchType: 'none' });
  }
}
