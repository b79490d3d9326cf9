import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstIdle } from './use-after-first-idle';

describe('useAfterFirstIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is false until the first idle moment, then true, and true at once for what mounts later', () => {
    const idleCallbacks: (() => void)[] = [];
    const requestIdleCallback = vi.fn((callback: () => void) => idleCallbacks.push(callback));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);

    const first = renderHook(() => useAfterFirstIdle());
    const second = renderHook(() => useAfterFirstIdle());
    expect(first.result.current).toBe(false);
    expect(second.result.current).toBe(false);
    // One wait for the whole visit, however many components ask.
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);

    act(() => idleCallbacks[0]!());

    expect(first.result.current).toBe(true);
    expect(second.result.current).toBe(true);
    expect(renderHook(() => useAfterFirstIdle()).result.current).toBe(true);
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  });
});
