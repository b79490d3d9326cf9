import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { fetchFile } from '../../lib/api-file';
import { saveFile } from '../../lib/save-file';

const exportKey = ['data-export'] as const;

/** While the archive is made, asked again this often (a few times a minute, not more). */
const POLL_MS = 5_000;

/**
 * GET /me/export: the member's newest archive. Asked again every 5 s while it is being made and
 * the tab is in sight (TanStack pauses intervals in a hidden tab), and on coming back to the tab.
 */
export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: ({ signal }) => api.call('getExport', { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    refetchOnWindowFocus: true,
  });
}

/**
 * POST /me/export: the answer (pending) is the new state. A refusal (one being made, one today)
 * reads the state again, so the card shows what the server has beside the server's words.
 */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('startExport'),
    onSuccess: (started) => queryClient.setQueryData(exportKey, started),
    onError: () => queryClient.invalidateQueries({ queryKey: exportKey }),
  });
}

/**
 * GET /me/export/download, saved as the file the server names. The API wants the token in a
 * header, which a plain link cannot send: the zip is fetched, then handed to the browser. A
 * failure (expired meanwhile) reads the state again.
 */
export function useDownloadExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await fetchFile('downloadExport');
      saveFile(blob, fileName);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: exportKey }),
  });
}
