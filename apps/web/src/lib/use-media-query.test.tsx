import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../test/match-media';
import { useMediaQuery } from './use-media-query';

function Probe() {
  return <p>{useMediaQuery('(max-width: 767px)', true) ? 'phone' : 'wide'}</p>;
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
