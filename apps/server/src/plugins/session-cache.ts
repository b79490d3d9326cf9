/**
 * Who an access token belongs to, remembered for a while so a member's requests skip the
 * database. Every change to a member or their sessions forgets them on every process that hears
 * of it through the event bus; the lifetime bounds what a process that did not hear could leave
 * stale.
 */
const MAX_ENTRIES = 10_000;

/**
 * Long where every change reaches the bus: the embedded database's files are this process's
 * alone (the admin CLI refuses to run beside it), and with Redis the CLI publishes too, so only
 * a message lost while Redis was away is left to the lifetime. A member reading the feed clicks
 * seconds apart: at 2 s most of a visit's requests found their entry gone and read it again
 * first (a second statement; on PGlite a second wait for its one connection, for a tenth of the
 * mix's requests). On PostgreSQL without Redis the CLI's changes reach no bus: they hold within
 * the short lifetime (docs/operations.md).
 */
export const sessionLifetimeMs = (config: { databaseUrl?: string; redisUrl?: string }) =>
  config.databaseUrl && !config.redisUrl ? 2_000 : 15_000;

type Entry<T> = { value: T; userId: number; until: number };

export function createSessionCache<T extends { expiresAt: number }>(
  ttlMs: number,
  maxEntries = MAX_ENTRIES,
) {
  const byToken = new Map<string, Entry<T>>();
  const tokensOf = new Map<number, Set<string>>();
  // Bumped whenever anyone is forgotten: a lookup that began before cannot store what it read.
  let generation = 0;

  const drop = (token: string) => {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    const tokens = tokensOf.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.userId);
  };

  return {
    get(token: string, now = Date.now()): T | null {
      const entry = byToken.get(token);
      if (!entry) return null;
      if (entry.until > now && entry.value.expiresAt > now) return entry.value;
      drop(token);
      return null;
    },
    /** Taken before the database is read; `set` stores only if nothing changed meanwhile. */
    generation: () => generation,
    set(token: string, userId: number, value: T, readAt: number, now = Date.now()) {
      if (readAt !== generation) return;
      if (byToken.size >= maxEntries) drop(byToken.keys().next().value!);
      byToken.set(token, { value, userId, until: now + ttlMs });
      let tokens = tokensOf.get(userId);
      if (!tokens) tokensOf.set(userId, (tokens = new Set()));
      tokens.add(token);
    },
    forget(userId: number) {
      generation++;
      for (const token of tokensOf.get(userId) ?? []) drop(token);
    },
    get size() {
      return byToken.size;
    },
  };
}
