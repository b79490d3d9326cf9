import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ApiOutput, AuditAction, CreateMapInput, GameMap, Page } from '@devplay/shared';
import { api } from '../../lib/api-client';

const PAGE_SIZE = 20;

/** The three lists of the panel; each one's operation and the one that deletes a row. */
const ADMIN_LISTS = {
  users: { list: 'adminListUsers', remove: 'adminDeleteUser' },
  posts: { list: 'adminListPosts', remove: 'adminDeletePost' },
  comments: { list: 'adminListComments', remove: 'adminDeleteComment' },
} as const;
export type AdminListKind = keyof typeof ADMIN_LISTS;
/** A row of any of the lists: one hook serves the three. */
type AdminRow = ApiOutput<(typeof ADMIN_LISTS)[AdminListKind]['list']>['items'][number];

const adminKeys = {
  all: ['admin'] as const,
  lists: (kind: AdminListKind) => [...adminKeys.all, kind] as const,
  list: (kind: AdminListKind, query: string) => [...adminKeys.lists(kind), query] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditOf: (action: AuditAction | '') => [...adminKeys.audit(), action] as const,
  maps: () => [...adminKeys.all, 'maps'] as const,
};

/** A page of `PAGE_SIZE` rows after `cursor`; empty filters are left out of the query. */
const pageQuery = <F extends Record<string, string>>(cursor: string | null, filters: F) => ({
  cursor: cursor ?? undefined,
  limit: PAGE_SIZE,
  ...(Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as {
    [N in keyof F]?: Exclude<F[N], ''>;
  }),
});

/** One admin list, newest first, filtered by `query`, a page at a time. */
export function useAdminList(kind: AdminListKind, query: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.list(kind, query),
    queryFn: ({ pageParam, signal }): Promise<Page<AdminRow>> =>
      api.call(ADMIN_LISTS[kind].list, { query: pageQuery(pageParam, { query }), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The rows stay while the next search loads, so the list does not flash empty per key.
    placeholderData: keepPreviousData,
  });
}

/**
 * Deletes one row. It leaves every loaded page of its list at once; the lists and the audit log
 * then reload, since deleting a member also takes their posts and comments with them.
 */
export function useAdminDelete(kind: AdminListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(ADMIN_LISTS[kind].remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<InfiniteData<Page<{ id: number }>>>(
        { queryKey: adminKeys.lists(kind) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.id !== id),
            })),
          },
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** The audit log, newest first, optionally one kind of action. */
export function useAuditLog(action: AuditAction | '') {
  return useInfiniteQuery({
    queryKey: adminKeys.auditOf(action),
    queryFn: ({ pageParam, signal }) =>
      api.call('adminListAudit', { query: pageQuery(pageParam, { action }), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminMaps() {
  return useQuery({
    queryKey: adminKeys.maps(),
    queryFn: ({ signal }) => api.call('listMaps', { signal }),
  });
}

export function useCreateMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMapInput) => api.call('createMap', { body: input }),
    onSuccess: (map) => {
      queryClient.setQueryData<GameMap[]>(adminKeys.maps(), (list = []) => [...list, map]);
      // Not awaited: the form clears as soon as the map is in the list, not a reload later.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useDeleteMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('deleteMap', { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<GameMap[]>(adminKeys.maps(), (list = []) =>
        list.filter((map) => map.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
