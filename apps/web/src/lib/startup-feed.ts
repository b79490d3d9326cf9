declare global {
  interface Window {
    /** The home feed's first page public/boot.js requested after its refresh; null once taken. */
    __devplayStartupFeed?: Promise<Response | null> | null;
  }
}

/**
 * The home feed's first page boot.js sent for a member's cold load of /home_page, once; null
 * anywhere else. Its answer may be a refusal (an expired token): the caller then asks itself.
 */
export function takeStartupFeed(): Promise<Response | null> | null {
  const early = window.__devplayStartupFeed ?? null;
  window.__devplayStartupFeed = null;
  return early;
}
