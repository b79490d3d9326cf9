import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReportStatus, ResolveReportInput } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { updateMe } from '../../lib/session';

const PAGE_SIZE = 20;

/** What the status filter offers: one status, or every report. */
export type ReportFilter = ReportStatus | 'all';

/** Under the admin panel's root key (`adminKeys.all` of api.ts): a resolution reloads it all. */
const ADMIN_ROOT = ['admin'] as const;

export const reportKeys = {
  all: [...ADMIN_ROOT, 'reports'] as const,
  list: (status: ReportFilter, q: string) => [...reportKeys.all, status, q] as const,
};

/** The admin's badge count, from the queue's answer or the `reports:open` frame. */
export function setOpenReports(queryClient: QueryClient, open: number) {
  updateMe(queryClient, (me) => (me.openReports === open ? me : { ...me, openReports: open }));
}

/**
 * The queue, newest first, a page at a time, of one status and holding the text `q` (if any);
 * each page brings the open count along.
 */
export function useReports(status: ReportFilter, q: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: reportKeys.list(status, q),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.call('adminListReports', {
        query: { status, q: q || undefined, cursor: pageParam ?? undefined, limit: PAGE_SIZE },
        signal,
      });
      setOpenReports(queryClient, page.open);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Resolves a report and every other open one on its target. What it removed leaves the other
 * lists, and the audit log has new entries: the whole panel is read again.
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveReportInput & { id: number }) =>
      api.call('adminResolveReport', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ROOT }),
  });
}
