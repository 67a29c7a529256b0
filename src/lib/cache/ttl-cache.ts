/**
 * A bounded in-process cache with a time to live and single flight: concurrent misses for one key
 * share one load, so a burst of requests for a host costs one database query per period. Failed
 * loads are not cached. The oldest entry goes first when the cache is full, so a flood of
 * distinct keys cannot grow memory.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    // Elapsed time: neither the test clock nor a wall-clock change ages the entries.
    return this.options.now ? this.options.now() : performance.now();
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    if (hit) this.entries.delete(key);

    const value = load();
    const entry = { expires: this.now() + this.options.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
