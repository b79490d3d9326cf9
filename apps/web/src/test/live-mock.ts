import type { LiveEvent } from '@devplay/shared';
import { act } from '@testing-library/react';
import { useEffect } from 'react';
import { readLiveQueriesAgain, useHoldLiveQueries, type LiveQueries } from '../lib/live-queries';
import type { LiveStatus } from '../lib/live-socket';
import { useLatest } from '../lib/use-latest';

/**
 * Stands in for lib/use-live in tests: `vi.mock('<path>/lib/use-live', () => import('<path>/test/live-mock'))`,
 * then `emitLive(event)` delivers an event as the socket would.
 */
const handlers = new Set<(event: LiveEvent) => void>();
const status: LiveStatus = 'open';

/** Delivers `event` and waits a tick, so caches the handlers touched have re-rendered. */
export async function emitLive(event: LiveEvent) {
  await act(async () => {
    handlers.forEach((handler) => handler(event));
    // TanStack Query notifies its observers on the next tick, not synchronously.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let notificationsSince: string | undefined;

/** What the stand-in socket would send as `notificationsSince` on its next connection. */
export const heldNotificationsSince = () => notificationsSince;

export const liveSocket = () => ({
  status,
  open() {},
  holdNotificationsUpTo(createdAt: string) {
    if (!notificationsSince || createdAt > notificationsSince) notificationsSince = createdAt;
  },
});

export function useLiveEvents(keeps: LiveQueries, handler: (event: LiveEvent) => void) {
  useHoldLiveQueries(keeps);
  const latest = useLatest(handler);
  useEffect(() => {
    const listener = (event: LiveEvent) => latest.current(event);
    handlers.add(listener);
    return () => void handlers.delete(listener);
  }, [latest]);
}

/** The socket opens, for the first time or after a drop: what the listeners keep is read again. */
export async function openLive() {
  await act(async () => {
    readLiveQueriesAgain();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
