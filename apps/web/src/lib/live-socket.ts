import { API_BASE, WS_CLOSE, type LiveEvent } from '@devplay/shared';
import { expireSession, refreshAccessToken } from './api-client';
import { compareIso } from './compare-iso';
import { setSignedOutNotice } from './signed-out-notice';
import { getToken, subscribeToken } from './token-store';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';
type EventListener = (event: LiveEvent) => void;
type StatusListener = (status: LiveStatus) => void;

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One live socket per tab. It follows the session: opens when a token exists, closes
 * on sign-out, reconnects with backoff after a drop, refreshes the token when the server says
 * it expired (close code 4401), and asks for what it missed: messages after the last id it saw,
 * notification groups changed after the newest one the tab holds. A tab
 * pushed out by the member's newer ones (4409: the server keeps a few sockets per member) waits
 * until it is looked at again, so many open tabs do not take turns pushing each other out.
 */
export function createLiveSocket(url = `${location.origin.replace(/^http/, 'ws')}${API_BASE}/ws`) {
  const eventListeners = new Set<EventListener>();
  const statusListeners = new Set<StatusListener>();
  let socket: WebSocket | null = null;
  let status: LiveStatus = 'idle';
  let attempt = 0;
  let lastSeenId: number | undefined;
  let notificationsSince: string | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const whenLookedAt = () => {
    if (document.visibilityState !== 'visible') return;
    stopWaitingForLook();
    connect();
  };
  function waitForLook() {
    document.addEventListener('visibilitychange', whenLookedAt);
    window.addEventListener('focus', whenLookedAt);
  }
  function stopWaitingForLook() {
    document.removeEventListener('visibilitychange', whenLookedAt);
    window.removeEventListener('focus', whenLookedAt);
  }

  const setStatus = (next: LiveStatus) => {
    status = next;
    statusListeners.forEach((listener) => listener(next));
  };

  function connect() {
    const token = getToken();
    if (!token || socket) return;
    setStatus('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      ws.send(
        JSON.stringify({
          type: 'auth',
          token: getToken() ?? token,
          lastSeenId,
          notificationsSince,
        }),
      );
    };
    ws.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as LiveEvent;
      if (status !== 'open') {
        // The server answers a good auth frame first; from here on the socket is live.
        attempt = 0;
        setStatus('open');
      }
      if (event.type === 'message:new') lastSeenId = Math.max(lastSeenId ?? 0, event.data.id);
      eventListeners.forEach((listener) => listener(event));
    };
    ws.onclose = (close) => {
      // A socket replaced or dropped on purpose (sign-out) has nothing more to say.
      if (socket !== ws) return;
      socket = null;
      if (!getToken()) return setStatus('idle');
      setStatus('closed');
      // A suspension ended every session: no refresh can help, and the member is told why.
      if (close.code === WS_CLOSE.suspended) {
        if (close.reason) setSignedOutNotice(close.reason);
        return expireSession();
      }
      if (close.code === WS_CLOSE.unauthorized) {
        void refreshAccessToken().then((fresh) => fresh && scheduleReconnect(0));
        return;
      }
      if (close.code === WS_CLOSE.replaced) return waitForLook();
      scheduleReconnect(BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]!);
    };
  }

  function scheduleReconnect(delayMs: number) {
    clearTimeout(retryTimer);
    // Jitter spreads reconnects when a server restart drops everyone at once.
    retryTimer = setTimeout(connect, delayMs * (0.75 + Math.random() * 0.5));
  }

  function disconnect() {
    clearTimeout(retryTimer);
    stopWaitingForLook();
    const ws = socket;
    socket = null;
    lastSeenId = undefined;
    notificationsSince = undefined;
    ws?.close(1000, 'signed out');
    setStatus('idle');
  }

  // Connected only once opened: events that come before the shell's listeners would be lost.
  let opened = false;
  const unsubscribeToken = subscribeToken(() => {
    if (!getToken()) disconnect();
    else if (opened) connect();
  });

  return {
    /** Connects, and stays connected while there is a token: the signed-in shell calls it. */
    open() {
      opened = true;
      connect();
    },
    subscribe(listener: EventListener) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    onStatus(listener: StatusListener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    /** The tab holds notifications up to `createdAt` (ISO); a reconnect asks only for newer ones. */
    holdNotificationsUpTo(createdAt: string) {
      if (!notificationsSince || compareIso(createdAt, notificationsSince) > 0) {
        notificationsSince = createdAt;
      }
    },
    get status() {
      return status;
    },
    close() {
      unsubscribeToken();
      disconnect();
    },
  };
}
export type LiveSocket = ReturnType<typeof createLiveSocket>;
