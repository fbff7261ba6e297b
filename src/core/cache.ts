/** A bounded FIFO memo; long keys (generated or hostile input) are never kept, and a throw caches nothing. */
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
