import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

function Probe() {
  return <p>{useMediaQuery('(max-width: 767px)', true) ? 'phone' : 'wide'}</p>;
}

/** A window whose one media query matches or not as the test says, and tells its listeners. */
function fakeMatchMedia(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return matches;
    },
    media: query,
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return {
    listeners,
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('useMediaQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the query and follows the window across the breakpoint, both ways', () => {
    const media = fakeMatchMedia(false);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => media.set(true));
    expect(screen.getByText('phone')).toBeInTheDocument();
    act(() => media.set(false));
    expect(screen.getByText('wide')).toBeInTheDocument();
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('gives the fallback where there is no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByText('phone')).toBeInTheDocument();
  });
});
