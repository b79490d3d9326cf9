/**
 * Sets `key` as the map's newest entry, first dropping the oldest when the map holds `max`
 * already: a Map iterates in the order of insertion, so its first key is the oldest.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}
