/**
 * A bounded in-process cache with a time to live and single flight: concurrent misses for one key
 * share one load, so a burst of requests for a host costs one database query per period. Failed
 * loads are not cached. The oldest entry goes first when the cache is full, so a flood of
 * distinct keys cannot grow memory.
 *
 * A settled entry keeps its value, not the load's promise: a promise made during a request
 * carries that request's async context (Next's stores, the response, the rendered page), and a
 * cache holding it for its time to live held every request that filled an entry
 * (docs/decisions/0262).
 */
type Entry<V> = { expires: number; pending?: Promise<V>; settled?: { value: V } };

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    // Elapsed time: neither the test clock nor a wall-clock change ages the entries.
    return this.options.now ? this.options.now() : performance.now();
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      if (hit.settled) return Promise.resolve(hit.settled.value);
      if (hit.pending) return hit.pending;
    }
    if (hit) this.entries.delete(key);

    const pending = load();
    const entry: Entry<V> = { expires: this.now() + this.options.ttlMs, pending };
    this.entries.set(key, entry);
    pending.then(
      (value) => {
        entry.settled = { value };
        entry.pending = undefined;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return pending;
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
