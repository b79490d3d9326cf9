import type { LiveEvent } from '@devplay/shared';
import { useEffect } from 'react';
import { useHoldLiveQueries, readLiveQueriesAgain, type LiveQueries } from './live-queries';
import { createLiveSocket, type LiveSocket } from './live-socket';
import { useLatest } from './use-latest';

let shared: LiveSocket | null = null;

/**
 * The tab's one socket, made on first use; the signed-in shell opens it (LiveUpdates). Each time
 * it opens, the first time or after a drop, the queries the mounted listeners keep are read again:
 * a page opened cold reads its data before the shell opens the socket, and a dropped socket
 * hears nothing, so in both cases events may have been missed. So does a `resync` frame, the
 * server's word that this open socket missed some (its replay was capped, or its process lost
 * touch with the others for a while).
 */
export function liveSocket(): LiveSocket {
  if (!shared) {
    shared = createLiveSocket();
    shared.onStatus((status) => {
      if (status === 'open') readLiveQueriesAgain();
    });
    shared.subscribe((event) => {
      if (event.type === 'resync') readLiveQueriesAgain();
    });
  }
  return shared;
}

/**
 * Calls `handler` for every live event; the latest handler is used without resubscribing.
 * `keeps` names the queries the handler keeps current, read again whenever the socket opens.
 */
export function useLiveEvents(keeps: LiveQueries, handler: (event: LiveEvent) => void) {
  useHoldLiveQueries(keeps);
  const latest = useLatest(handler);
  useEffect(() => liveSocket().subscribe((event) => latest.current(event)), [latest]);
}
