import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type {
  AdminComment,
  AdminPost,
  AdminUser,
  AuditAction,
  AuditEntry,
  CreateMapInput,
  GameMap,
  Page,
} from '@devplay/shared';
import { api } from '../../lib/api-client';

const PAGE_SIZE = 20;

/** The three lists of the panel; each one's API path and the path that deletes one row. */
const ADMIN_LISTS = {
  users: { list: '/admin/users', remove: (id: number) => `/admin/user/${id}` },
  posts: { list: '/admin/posts', remove: (id: number) => `/admin/post/${id}` },
  comments: { list: '/admin/comments', remove: (id: number) => `/admin/comment/${id}` },
} as const;
export type AdminListKind = keyof typeof ADMIN_LISTS;

interface AdminRows {
  users: AdminUser;
  posts: AdminPost;
  comments: AdminComment;
}

const adminKeys = {
  all: ['admin'] as const,
  lists: (kind: AdminListKind) => [...adminKeys.all, kind] as const,
  list: (kind: AdminListKind, query: string) => [...adminKeys.lists(kind), query] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditOf: (action: AuditAction | '') => [...adminKeys.audit(), action] as const,
  maps: () => [...adminKeys.all, 'maps'] as const,
};

const pageParams = (cursor: string | null, extra: Record<string, string>) => {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};

/** One admin list, newest first, filtered by `query`, a page at a time. */
export function useAdminList<K extends AdminListKind>(kind: K, query: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.list(kind, query),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<AdminRows[K]>>(`${ADMIN_LISTS[kind].list}?${pageParams(pageParam, { query })}`, {
        signal,
      }),
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
    mutationFn: (id: number) => api.delete<{ message: string }>(ADMIN_LISTS[kind].remove(id)),
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
      api.get<Page<AuditEntry>>(`/admin/audit?${pageParams(pageParam, { action })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminMaps() {
  return useQuery({
    queryKey: adminKeys.maps(),
    queryFn: ({ signal }) => api.get<GameMap[]>('/maps', { signal }),
  });
}

export function useCreateMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMapInput) => api.post<GameMap>('/maps', input),
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
    mutationFn: (id: number) => api.delete<{ message: string }>(`/maps/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<GameMap[]>(adminKeys.maps(), (list = []) =>
        list.filter((map) => map.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
