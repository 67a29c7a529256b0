import 'server-only';
import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { appDb } from '@/lib/db/app-db';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/api-response';
import { sharedRedis } from '@/lib/redis';
import { RateLimiterDatabase } from '@/lib/db/rate-limit-store';

export type LimitRule = {
  /** Names the counter family, e.g. `login:ip`. */
  name: string;
  /** Requests allowed per window (scaled by RATE_LIMIT_SCALE). */
  points: number;
  /** Window in seconds; a counter resets when it ends, so nothing is locked for good. */
  duration: number;
};

const limiters = new Map<string, Promise<RateLimiterAbstract>>();

/** The limiter of a rule: on Redis when REDIS_URL is set (the database while it is away), else on the database. */
function limiterFor(rule: LimitRule): Promise<RateLimiterAbstract> {
  let limiter = limiters.get(rule.name);
  if (!limiter) {
    limiter = (async () => {
      const env = getEnv();
      const options = {
        keyPrefix: `rl:${rule.name}`,
        points: Math.max(1, Math.round(rule.points * env.RATE_LIMIT_SCALE)),
        duration: rule.duration,
      };
      const onDatabase = new RateLimiterDatabase({ ...options, db: await appDb() });
      if (!env.REDIS_URL) return onDatabase;
      // While Redis is away the counters live in the database, at once rather than after
      // ioredis's reconnect attempts (docs/decisions/0198): sign-in keeps its limits.
      const redis = sharedRedis(env.REDIS_URL);
      // At start the connection is still being made: wait for it (2 s at most), or the first
      // requests would all count in the database beside the others on Redis.
      if (redis.status !== 'ready') {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            redis.off('ready', done);
            resolve();
          };
          const timer = setTimeout(done, 2_000);
          redis.once('ready', done);
        });
      }
      return new RateLimiterRedis({
        ...options,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: onDatabase,
      });
    })();
    limiters.set(rule.name, limiter);
  }
  return limiter;
}

/** How long a wait is, in the words of the 429's message: "30 seconds", "about 6 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
  return `about ${Math.ceil(minutes / 60)} hours`;
}

/** 429 with Retry-After, and a message that says how long (Retry-After in words). */
export const tooManyRequests = (retryAfterS: number) => {
  const wait = Math.max(1, Math.ceil(retryAfterS));
  return new ApiError(
    429,
    'rate_limited',
    `Too many attempts. Try again in ${waitInWords(wait)}.`,
    undefined,
    { 'retry-after': String(wait) },
  );
};

/**
 * Counts one request against each (rule, key) pair in order and throws 429 with Retry-After at
 * the first that is over its limit; later pairs are then not counted. Keys are hashed by the
 * caller when they are personal (e-mail addresses).
 */
export async function consumeLimits(pairs: [LimitRule, string][]): Promise<void> {
  for (const [rule, key] of pairs) {
    const limiter = await limiterFor(rule);
    try {
      await limiter.consume(key);
    } catch (error) {
      // The limiter refuses with its result (a RateLimiterRes), and fails with an Error: told
      // apart by shape, as a class from another module copy would not be `instanceof`.
      const refused = error as { msBeforeNext?: unknown };
      if (!(error instanceof Error) && typeof refused.msBeforeNext === 'number') {
        throw tooManyRequests(Math.ceil(refused.msBeforeNext / 1000));
      }
      throw error;
    }
  }
}

/** Forgets a key's count, e.g. an account's failures after a correct sign-in. */
export async function resetLimit(rule: LimitRule, key: string): Promise<void> {
  await (await limiterFor(rule)).delete(key);
}
