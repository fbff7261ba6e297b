/**
 * A memo of `compute(key)` for string keys: at most `limit` entries, the oldest
 * evicted first (FIFO by count), and keys longer than `maxKeyLength` (generated or
 * hostile input) never kept. A `compute` that throws caches nothing.
 */
export interface BoundedCache<V> {
  get(key: string): V;
}

export function boundedCache<V>(limit: number, maxKeyLength: number, compute: (key: string) => V): BoundedCache<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const cached = entries.get(key);
      if (cached !== undefined) return cached;
      const value = compute(key);
      if (key.length <= maxKeyLength) {
        if (entries.size >= limit) entries.delete(entries.keys().next().value!);
        entries.set(key, value);
      }
      return value;
    },
  };
}
