import type { LiveEvent } from '@devplay/shared';
import { useEffect, useRef } from 'react';
import { createLiveSocket, type LiveSocket } from './live-socket';

let shared: LiveSocket | null = null;
/** The tab's one socket, made on first use; the signed-in shell opens it (LiveUpdates). */
export const liveSocket = () => (shared ??= createLiveSocket());

/** Calls `handler` for every live event; the latest handler is used without resubscribing. */
export function useLiveEvents(handler: (event: LiveEvent) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveSocket().subscribe((event) => latest.current(event)), []);
}

/**
 * Runs `onReconnect` whenever the socket comes back after a drop (to refetch what it may have
 * missed). With `firstOpen`, also when it first opens after the caller mounted: a page opened
 * cold reads its data before the signed-in shell opens the socket, and a change in between
 * reached no listener.
 */
export function useLiveReconnect(onReconnect: () => void, { firstOpen = false } = {}) {
  const latest = useRef(onReconnect);
  useEffect(() => {
    latest.current = onReconnect;
  });
  useEffect(() => {
    let unheard = firstOpen && liveSocket().status !== 'open';
    return liveSocket().onStatus((status, reconnected) => {
      if (status !== 'open') return;
      if (reconnected || unheard) latest.current();
      unheard = false;
    });
  }, [firstOpen]);
}
