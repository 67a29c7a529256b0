import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('loads once per period and again after it', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    const values = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.get('a', async () => {
          loads++;
          await new Promise((r) => setTimeout(r, 10));
          return 7;
        }),
      ),
    );
    expect(values.every((v) => v === 7)).toBe(true);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('never holds more than maxEntries', async () => {
    const cache = new TtlCache<number, number>({ ttlMs: 60_000, maxEntries: 5 });
    for (let i = 0; i < 100; i++) await cache.get(i, async () => i);
    expect(cache.size).toBe(5);
  });
});

describe('TtlCache and the request that filled it', () => {
  it('keeps a settled value, not the promise of the request that loaded it', async () => {
    const { AsyncLocalStorage } = await import('node:async_hooks');
    const request = new AsyncLocalStorage<{ page: string }>();
    const cache = new TtlCache<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    const loading = request.run({ page: 'a rendered page' }, () => cache.get('a', async () => 7));
    expect(await loading).toBe(7);
    // A later request gets the value, in its own context, not the first request's promise.
    let loads = 0;
    const again = request.run({ page: 'another page' }, () => cache.get('a', async () => ++loads));
    expect(again).not.toBe(loading);
    expect(await again).toBe(7);
    expect(loads).toBe(0);
    const entries = (cache as unknown as { entries: Map<string, object> }).entries;
    expect(Object.values(entries.get('a')!).some((v) => v instanceof Promise)).toBe(false);
  });
});
