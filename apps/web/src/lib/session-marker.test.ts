import { describe, expect, it } from 'vitest';
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
