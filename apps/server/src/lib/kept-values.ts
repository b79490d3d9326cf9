import { setNewest } from './newest-first-out';

type Options<V> = {
  ttlMs: number;
  now: () => number;
  maxEntries: number;
  /** Whether a value that arrived may be kept; one that may not serves only its own callers. */
  keep?: (value: V) => boolean;
};

/**
 * Values kept under a key for `ttlMs`. The read in flight is kept too, so the requests that
 * arrive while a value is being read wait for that read instead of each sending their own.
 * `forget` drops everything, reads in flight included: what they bring is for their own callers
 * only, never for a request that arrives after the change.
 */
export function keptValues<K, V>({ ttlMs, now, maxEntries, keep }: Options<V>) {
  const kept = new Map<K, { value: Promise<V>; until: number }>();
  const drop = (key: K, value: Promise<V>) => {
    if (kept.get(key)?.value === value) kept.delete(key);
  };
  return {
    get(key: K, read: () => Promise<V>): Promise<V> {
      const at = now();
      const entry = kept.get(key);
      if (entry && entry.until > at) return entry.value;
      const value = read();
      setNewest(kept, key, { value, until: at + ttlMs }, maxEntries);
      value.then(
        (arrived) => {
          if (keep && !keep(arrived)) drop(key, value);
        },
        () => drop(key, value),
      );
      return value;
    },
    forget: () => kept.clear(),
  };
}
