import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ApiOutput,
  AuditAction,
  CreateMapInput,
  GameMap,
  MemberStatus,
  Page,
  SiteSettings,
} from '@devplay/shared';
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
  list: (kind: AdminListKind, query: string, filters: AdminListFilters) =>
    [...adminKeys.lists(kind), query, filters] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditOf: (action: AuditAction | '') => [...adminKeys.audit(), action] as const,
  maps: () => [...adminKeys.all, 'maps'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

/** What a list may be narrowed to beyond its search: the Users tab's status. */
export type AdminListFilters = { status?: MemberStatus | '' };

/** A page of `PAGE_SIZE` rows after `cursor`; empty filters are left out of the query. */
const pageQuery = <F extends Record<string, string>>(cursor: string | null, filters: F) => ({
  cursor: cursor ?? undefined,
  limit: PAGE_SIZE,
  ...(Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as {
    [N in keyof F]?: Exclude<F[N], ''>;
  }),
});

/** One admin list, newest first, filtered by `query` (and `filters`), a page at a time. */
export function useAdminList(kind: AdminListKind, query: string, filters: AdminListFilters = {}) {
  return useInfiniteQuery({
    queryKey: adminKeys.list(kind, query, filters),
    queryFn: ({ pageParam, signal }): Promise<Page<AdminRow>> =>
      api.call(ADMIN_LISTS[kind].list, {
        query: pageQuery(pageParam, { query, status: filters.status ?? '' }),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The rows stay while the next search loads, so the list does not flash empty per key.
    placeholderData: keepPreviousData,
  });
}

/** Takes a row out of every loaded page of its lists at once, before they reload. */
function dropRow(queryClient: QueryClient, kind: AdminListKind, id: number) {
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
      dropRow(queryClient, kind, id);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/**
 * Approves or rejects a member waiting since sign-up. A rejected member leaves the lists at once;
 * an approved one changes status, which the reload shows (and the audit log with it).
 */
export function useApproval() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const approve = useMutation({
    mutationFn: (id: number) => api.call('adminApproveUser', { params: { id } }),
    onSuccess: settle,
  });
  const reject = useMutation({
    mutationFn: (id: number) => api.call('adminRejectUser', { params: { id } }),
    onSuccess: (_answer, id) => {
      dropRow(queryClient, 'users', id);
      return settle();
    },
  });
  return { approve, reject };
}

/**
 * Suspends a member (days omitted: until lifted) or lifts it; the row's status comes back with
 * the reload, and the audit log with it.
 */
export function useSuspension() {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const suspend = useMutation({
    mutationFn: ({ id, ...body }: { id: number; reason: string; days?: number }) =>
      api.call('adminSuspendUser', { params: { id }, body }),
    onSuccess: settle,
  });
  const unsuspend = useMutation({
    mutationFn: (id: number) => api.call('adminUnsuspendUser', { params: { id } }),
    onSuccess: settle,
  });
  return { suspend, unsuspend };
}

/** Who may sign up: the mode and the blocked e-mail domains. */
export function useSiteSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => api.call('adminGetSettings', { signal }),
  });
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<SiteSettings>) =>
      api.call('adminUpdateSettings', { body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      // The audit log gained the change.
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
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
