import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from './live-socket';

type StatusListener = (status: LiveStatus, reconnected: boolean) => void;
const socket = vi.hoisted(() => ({
  status: 'idle' as LiveStatus,
  listeners: new Set<StatusListener>(),
}));
vi.mock('./live-socket', () => ({
  createLiveSocket: () => ({
    get status() {
      return socket.status;
    },
    onStatus(listener: StatusListener) {
      socket.listeners.add(listener);
      return () => void socket.listeners.delete(listener);
    },
  }),
}));
const { useLiveResync } = await import('./use-live');

function become(status: LiveStatus, reconnected = false) {
  socket.status = status;
  socket.listeners.forEach((listener) => listener(status, reconnected));
}

describe('useLiveResync', () => {
  beforeEach(() => {
    socket.status = 'idle';
    socket.listeners.clear();
  });

  it('runs when the socket first opens after mounting, then on each reconnect', () => {
    const resync = vi.fn();
    renderHook(() => useLiveResync(resync));
    become('connecting');
    expect(resync).not.toHaveBeenCalled();
    become('open');
    expect(resync).toHaveBeenCalledTimes(1);
    become('closed');
    become('connecting');
    become('open', true);
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('mounted while the socket is open, waits for a reconnect', () => {
    become('open');
    const late = vi.fn();
    renderHook(() => useLiveResync(late));
    expect(late).not.toHaveBeenCalled();
    become('closed');
    become('open', true);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
