import type { LiveEvent } from '@devplay/shared';
import { useEffect } from 'react';
import { createLiveSocket, type LiveSocket } from './live-socket';
import { useLatest } from './use-latest';

let shared: LiveSocket | null = null;
/** The tab's one socket, made on first use; the signed-in shell opens it (LiveUpdates). */
export const liveSocket = () => (shared ??= createLiveSocket());

/** Calls `handler` for every live event; the latest handler is used without resubscribing. */
export function useLiveEvents(handler: (event: LiveEvent) => void) {
  const latest = useLatest(handler);
  useEffect(() => liveSocket().subscribe((event) => latest.current(event)), [latest]);
}

/**
 * Runs `resync` (a refetch of what events would have kept current) whenever the socket opens
 * after the caller mounted: its first opening, since a page opened cold reads its data before
 * the signed-in shell opens the socket and a change in between reached no listener, and every
 * reconnect after a drop. Mounted while the socket is open, it waits for the next reconnect.
 */
export function useLiveResync(resync: () => void) {
  const latest = useLatest(resync);
  useEffect(() => {
    let unheard = liveSocket().status !== 'open';
    return liveSocket().onStatus((status, reconnected) => {
      if (status !== 'open') return;
      if (reconnected || unheard) latest.current();
      unheard = false;
    });
  }, [latest]);
}
