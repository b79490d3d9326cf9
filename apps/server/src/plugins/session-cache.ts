/**
 * Who an access token belongs to, remembered for a moment so a busy member's requests skip the
 * database. Every change to a member or their sessions forgets them on every process
 * (through the event bus); the short lifetime bounds what a lost bus message could leave stale.
 */
const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; userId: number; until: number };

export function createSessionCache<T extends { expiresAt: number }>(
  ttlMs = SESSION_CACHE_TTL_MS,
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
