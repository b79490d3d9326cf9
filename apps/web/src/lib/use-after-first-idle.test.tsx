import { act, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The hook's module afresh (its first idle moment is once per visit), with the idle callback held. */
async function freshHook() {
  vi.resetModules();
  const idleCallbacks: (() => void)[] = [];
  const requestIdleCallback = vi.fn((callback: () => void) => idleCallbacks.push(callback));
  vi.stubGlobal('requestIdleCallback', requestIdleCallback);
  const { useAfterFirstIdle } = await import('./use-after-first-idle');
  const goIdle = () => idleCallbacks.forEach((callback) => callback());
  return { useAfterFirstIdle, requestIdleCallback, goIdle };
}

describe('useAfterFirstIdle', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('is false until the first idle moment, then true, and true at once for what mounts later', async () => {
    const { useAfterFirstIdle, requestIdleCallback, goIdle } = await freshHook();

    const first = renderHook(() => useAfterFirstIdle());
    const second = renderHook(() => useAfterFirstIdle());
    expect(first.result.current).toBe(false);
    expect(second.result.current).toBe(false);
    // One wait for the whole visit, however many components ask.
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);

    act(goIdle);

    expect(first.result.current).toBe(true);
    expect(second.result.current).toBe(true);
    expect(renderHook(() => useAfterFirstIdle()).result.current).toBe(true);
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
  });

  it('turns true for a component drawn just before the idle moment whose effect runs after it', async () => {
    const { useAfterFirstIdle, goIdle } = await freshHook();
    renderHook(() => useAfterFirstIdle());
    let shown: boolean | undefined;
    function DrawnBefore() {
      shown = useAfterFirstIdle();
      return null;
    }
    // The idle moment comes while the tree renders: after DrawnBefore, before its effect.
    function IdleMeanwhile() {
      goIdle();
      return null;
    }

    render(
      <>
        <DrawnBefore />
        <IdleMeanwhile />
      </>,
    );

    expect(shown).toBe(true);
  });
});
