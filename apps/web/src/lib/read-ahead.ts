/**
 * How long a list a route read ahead stays fresh: its screen, mounting a moment later, takes it
 * from the cache instead of asking again. Live events and the member's own writes still mark it
 * stale at once; only a return within this time shows it without asking.
 */
export const READ_AHEAD_FRESH_MS = 15_000;
