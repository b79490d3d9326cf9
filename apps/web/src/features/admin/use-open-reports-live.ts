import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../lib/session';
import { useLiveEvents } from '../../lib/use-live';
import { reportKeys, setOpenReports } from './reports-api';

/**
 * An admin's open count follows the `reports:open` frame (the badges read it from the member),
 * and a queue on screen is read again: a report came or went. Mounted once, in the signed-in
 * shell; a member never hears the frame. Each opening of the socket reads the member again.
 */
export function useOpenReportsLive() {
  const queryClient = useQueryClient();
  useLiveEvents([sessionKeys.me()], (event) => {
    if (event.type !== 'reports:open') return;
    setOpenReports(queryClient, event.data.open);
    void queryClient.invalidateQueries({ queryKey: reportKeys.all });
  });
}
