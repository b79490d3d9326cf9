import { describe, expect, it, vi } from 'vitest';
import { hasSessionMarker } from './session-marker';

describe('hasSessionMarker', () => {
  it('sees the marker among other cookies', () => {
    expect(hasSessionMarker('theme=dark; dp_session=1; other=x')).toBe(true);
    expect(hasSessionMarker('dp_session=1')).toBe(true);
  });

  it('is false without it, with an emptied one, or for a cookie that only ends in its name', () => {
    expect(hasSessionMarker('')).toBe(false);
    expect(hasSessionMarker('theme=dark')).toBe(false);
    expect(hasSessionMarker('dp_session=')).toBe(false);
    expect(hasSessionMarker('old_dp_session=1')).toBe(false);
  });
});

describe('sessionMarkedAtStart', () => {
  it('reads the cookie store once, however often the start-up asks', async () => {
    document.cookie = 'dp_session=1; path=/';
    vi.resetModules();
    const { sessionMarkedAtStart } = await import('./session-marker');
    const reads = vi.spyOn(document, 'cookie', 'get');

    expect(sessionMarkedAtStart()).toBe(true);
    document.cookie = 'dp_session=; max-age=0; path=/';
    expect(sessionMarkedAtStart()).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });
});
