type ThrottleOptions<K, V> = {
  intervalMs: number;
  /** Two values heard within one interval, as the one that will be sent. */
  merge: (older: V, newer: V) => V;
  send: (key: K, value: V) => void;
};

/**
 * At most one send per key and interval, none lost: the first value goes at once and opens the
 * interval; what comes within it is merged into one send at its end, which opens the next. A key
 * quiet for a whole interval is forgotten, so memory follows the keys active in the last one.
 */
export function createLiveThrottle<K, V>({ intervalMs, merge, send }: ThrottleOptions<K, V>) {
  const windows = new Map<K, { timer: NodeJS.Timeout; pending?: V }>();

  const open = (key: K) => setTimeout(() => close(key), intervalMs).unref();
  function close(key: K) {
    const window = windows.get(key)!;
    if (window.pending === undefined) return void windows.delete(key);
    const value = window.pending;
    window.pending = undefined;
    window.timer = open(key);
    send(key, value);
  }

  return {
    push(key: K, value: V) {
      const window = windows.get(key);
      if (!window) {
        windows.set(key, { timer: open(key) });
        return send(key, value);
      }
      window.pending = window.pending === undefined ? value : merge(window.pending, value);
    },
    stop() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}
