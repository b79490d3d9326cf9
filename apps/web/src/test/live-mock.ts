import type { LiveEvent } from '@devplay/shared';
import { act } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import type { LiveStatus } from '../lib/live-socket';

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

export function useLiveEvents(handler: (event: LiveEvent) => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = (event: LiveEvent) => latest.current(event);
    handlers.add(listener);
    return () => void handlers.delete(listener);
  }, []);
}

const reconnectHandlers = new Set<{ run: () => void; firstOpen: boolean }>();

/**
 * The socket opens, as `useLiveReconnect` hears it: its first opening after a cold load runs
 * the callers that asked for it (`firstOpen`), a reconnect after a drop runs them all.
 */
export async function openLive({ first }: { first: boolean }) {
  await act(async () => {
    reconnectHandlers.forEach(({ run, firstOpen }) => (firstOpen || !first) && run());
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export function useLiveReconnect(onReconnect: () => void, { firstOpen = false } = {}) {
  const latest = useRef(onReconnect);
  useEffect(() => {
    latest.current = onReconnect;
  });
  useEffect(() => {
    const handler = { run: () => latest.current(), firstOpen };
    reconnectHandlers.add(handler);
    return () => void reconnectHandlers.delete(handler);
  }, [firstOpen]);
}
