import { WS_CLOSE } from '@devplay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSocket } from './live-socket';
import { readSignedOutNotice } from './signed-out-notice';
import { clearToken, setToken } from './token-store';

vi.mock('./api-client', () => ({
  refreshAccessToken: vi.fn(),
  expireSession: vi.fn(() => clearToken()),
}));
const { expireSession, refreshAccessToken } = await import('./api-client');

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number; reason?: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  // Test helpers: what the server would do.
  open() {
    this.onopen?.();
  }
  push(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code = 1006, reason = '') {
    this.onclose?.({ code, reason });
  }
  get auth() {
    return JSON.parse(this.sent[0]!) as {
      type: string;
      token: string;
      lastSeenId?: number;
      notificationsSince?: string;
    };
  }
}

const message = (id: number) => ({ type: 'message:new', data: { id, text: `m${id}` } });
const latest = () => FakeSocket.all.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setToken('token-1');
});
afterEach(() => {
  clearToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live socket', () => {
  it('connects only once opened, so no event comes before the listeners the shell sets up', () => {
    const live = createLiveSocket('ws://test/api/ws');
    setToken('token-2');
    expect(FakeSocket.all).toHaveLength(0);
    live.open();
    expect(FakeSocket.all).toHaveLength(1);
    live.close();
  });

  it('authenticates with the current token as its first frame', () => {
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    latest().open();
    expect(latest().auth).toEqual({ type: 'auth', token: 'token-1' });
    live.close();
  });

  it("waits to be looked at again when the member's newer tabs pushed it out", () => {
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    latest().open();
    latest().push({ type: 'unread:count', data: { count: 0 } });
    latest().drop(WS_CLOSE.replaced);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    window.dispatchEvent(new Event('focus'));
    expect(FakeSocket.all).toHaveLength(2);
    window.dispatchEvent(new Event('focus'));
    expect(FakeSocket.all).toHaveLength(2);
    live.close();
  });

  it('hands events to listeners and reconnects after a drop, asking for what it missed', () => {
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    const seen: unknown[] = [];
    let opened = 0;
    live.subscribe((event) => seen.push(event));
    live.onStatus((status) => status === 'open' && opened++);
    latest().open();
    latest().push({ type: 'unread:count', data: { count: 0 } });
    latest().push(message(7));
    expect(seen).toHaveLength(2);

    latest().drop();
    expect(live.status).toBe('closed');
    vi.advanceTimersByTime(2_000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().auth.lastSeenId).toBe(7);
    latest().push({ type: 'unread:count', data: { count: 0 } });
    expect(opened).toBe(2);
    live.close();
  });

  it('asks after a drop for the notification groups changed since the newest one held', () => {
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    latest().open();
    expect(latest().auth.notificationsSince).toBeUndefined();
    live.holdNotificationsUpTo('2026-03-05T10:00:00.000Z');
    // An older group (a page further down the list) does not move it back.
    live.holdNotificationsUpTo('2026-03-01T10:00:00.000Z');

    latest().drop();
    vi.advanceTimersByTime(2_000);
    latest().open();
    expect(latest().auth.notificationsSince).toBe('2026-03-05T10:00:00.000Z');

    // A new session starts with nothing held.
    clearToken();
    setToken('token-2');
    latest().open();
    expect(latest().auth).toEqual({ type: 'auth', token: 'token-2' });
    live.close();
  });

  it('refreshes the token when the server says it expired, then reconnects with the new one', async () => {
    vi.mocked(refreshAccessToken).mockImplementation(async () => {
      setToken('token-2');
      return 'token-2';
    });
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    latest().open();
    latest().drop(WS_CLOSE.unauthorized);
    await vi.runAllTimersAsync();
    latest().open();
    expect(latest().auth.token).toBe('token-2');
    live.close();
  });

  it('signs out when an admin suspended the member, keeping the reason to tell them', async () => {
    vi.mocked(refreshAccessToken).mockReset();
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    latest().open();
    latest().drop(WS_CLOSE.suspended, 'Your account is suspended.');
    await vi.runAllTimersAsync();
    expect(expireSession).toHaveBeenCalledTimes(1);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(readSignedOutNotice()).toBe('Your account is suspended.');
    expect(live.status).toBe('idle');
    expect(FakeSocket.all).toHaveLength(1);
    live.close();
  });

  it('closes on sign-out and stays closed', () => {
    const live = createLiveSocket('ws://test/api/ws');
    live.open();
    latest().open();
    clearToken();
    expect(live.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    live.close();
  });
});
