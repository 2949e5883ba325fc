/**
 * Remembers `key → value` in `memo` and returns `value`. The map never holds more than `max`
 * entries: when it is full it starts over, so hostile input with endless distinct keys cannot grow
 * it. The engine's caches of derived strings (templates, media types, URL forms) and the CLI's
 * profiles seen before all remember this way.
 */
export function rememberBounded<K, V>(memo: Map<K, V>, max: number, key: K, value: V): V {
  if (memo.size >= max) memo.clear();
  memo.set(key, value);
  return value;
}
