import 'server-only';
import { TtlCache } from '@/lib/cache/ttl-cache';
import { logger } from '@/lib/logger';

/** A short reason for a failed lookup: a timeout, or the source's own error message. */
function reasonOf(error: unknown): string {
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return 'timeout';
  return error instanceof Error ? error.message.slice(0, 200) : String(error);
}

/** What a search shows per domain. "unknown": the source did not answer in time or failed. */
export type Availability = 'available' | 'taken' | 'premium' | 'unknown';

/** A definite answer from a source; "unknown" is the search's word for no answer. */
export type SourceAnswer = Exclude<Availability, 'unknown'>;

/**
 * One interface for every availability source (docs/decisions/0030). `check` answers one ASCII
 * domain or throws; it must stop when `signal` aborts. The search runs checks in parallel, each
 * under its own timeout.
 */
export interface AvailabilityProvider {
  readonly name: string;
  check(domain: string, signal: AbortSignal): Promise<SourceAnswer>;
}

export type AvailabilityOptions = { timeoutMs: number; cacheMs: number };

/**
 * How long a domain whose registration changed here is looked up afresh on every search. A
 * release is told to the cache inside its own transaction (the lapse step gives no hook after
 * the commit): an answer read before that commit must not be kept for the cache's whole life.
 */
export const SETTLE_MS = 10_000;

/**
 * Wraps a provider with the per-lookup timeout and a brief cache. Failures and timeouts are not
 * cached (the next search asks again) and become "unknown" for that domain only.
 */
export function availabilityChecker(provider: AvailabilityProvider, options: AvailabilityOptions) {
  const cache = new TtlCache<string, SourceAnswer>({
    ttlMs: options.cacheMs,
    maxEntries: 20_000,
  });

  async function lookup(domain: string): Promise<SourceAnswer> {
    // A timer of its own, cleared when the answer comes. AbortSignal.timeout's timer runs its
    // whole time and then builds a DOMException (with its stack) for a lookup answered long ago,
    // and the race's listener stays until then: thousands of each a second under a cold search's
    // load (docs/decisions/0282).
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The race makes the timeout hold even for a source that ignores its signal.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new DOMException('The lookup timed out.', 'TimeoutError');
        controller.abort(reason);
        reject(reason);
      }, options.timeoutMs);
    });
    try {
      return await Promise.race([provider.check(domain, controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  // Monotonic: a moved product clock or a system clock step must not end the settling early.
  const settling = new Map<string, number>();
  function settles(domain: string): boolean {
    const until = settling.get(domain);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    settling.delete(domain);
    return false;
  }

  async function one(domain: string): Promise<Availability> {
    try {
      return options.cacheMs > 0 && !settles(domain)
        ? await cache.get(domain, () => lookup(domain))
        : await lookup(domain);
    } catch (error) {
      // One source failing shows "unknown" for its domains; the log says which TLD and why.
      logger.warn(
        {
          event: 'availability_unknown',
          provider: provider.name,
          tld: domain.slice(domain.indexOf('.') + 1),
          reason: reasonOf(error),
        },
        'availability lookup failed',
      );
      return 'unknown';
    }
  }

  return {
    provider,
    /** Availability of each domain, looked up in parallel; never throws. */
    async checkAll(domains: readonly string[]): Promise<Map<string, Availability>> {
      const answers = await Promise.all(domains.map(one));
      return new Map(domains.map((d, i) => [d, answers[i]!]));
    },
    /** Forgets cached answers (a domain just sold, tests). */
    forget(domain: string) {
      cache.delete(domain);
    },
    /**
     * A change not yet committed (a release inside its transaction): forgets the answer and
     * keeps none for SETTLE_MS, so a lookup racing the commit is not cached.
     */
    settle(domain: string) {
      cache.delete(domain);
      settling.set(domain, performance.now() + SETTLE_MS);
      if (settling.size > 10_000) settling.delete(settling.keys().next().value!);
    },
  };
}

export type AvailabilityChecker = ReturnType<typeof availabilityChecker>;
