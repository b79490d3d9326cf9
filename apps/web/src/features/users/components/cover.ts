import type { CSSProperties } from 'react';

/**
 * Members have no cover image yet; a hue drawn from the id gives each profile a band of its
 * own that stays the same on every visit.
 */
export function coverStyle(userId: number): CSSProperties {
  // Cyan to pink (180-330): hues that sit well next to the violet accent in both themes.
  const hue = 180 + ((userId * 47) % 150);
  return { '--cover-hue': String(hue) } as CSSProperties;
}
