import { afterEach, describe, expect, it, vi } from 'vitest';
import { availabilityChecker, type AvailabilityProvider } from './availability.server';

afterEach(() => {
  vi.useRealTimers();
});

describe('availability lookups', () => {
  it('leaves no timer behind once a source has answered', async () => {
    vi.useFakeTimers();
    const source: AvailabilityProvider = { name: 'quick', check: async () => 'taken' };
    const checker = availabilityChecker(source, { timeoutMs: 1_500, cacheMs: 0 });
    const answers = await checker.checkAll(['a.com', 'b.com', 'c.com']);
    expect([...answers.values()]).toEqual(['taken', 'taken', 'taken']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows "unknown" when a source ignores its signal past the timeout, and aborts its request', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const source: AvailabilityProvider = {
      name: 'silent',
      check: (_domain, signal) => {
        signals.push(signal);
        return new Promise(() => undefined);
      },
    };
    const checker = availabilityChecker(source, { timeoutMs: 1_500, cacheMs: 0 });
    const pending = checker.checkAll(['slow.com']);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(Object.fromEntries(await pending)).toEqual({ 'slow.com': 'unknown' });
    expect(signals[0]?.aborted).toBe(true);
    expect((signals[0]?.reason as Error).name).toBe('TimeoutError');
  });
});
