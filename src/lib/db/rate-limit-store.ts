import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  RateLimiterRes,
  type IRateLimiterStoreOptions,
  type RateLimiterStoreAbstract as StoreAbstractType,
} from 'rate-limiter-flexible';
// The package declares this base class in its types but does not export it from its index.
import StoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js';

const RateLimiterStoreAbstract = StoreAbstract as typeof StoreAbstractType;
import type { AppDb } from './client';
import { rateLimits } from './schema';
import { realNow } from '../clock';

type Row = { key: string; points: number; expire: Date | null };

/**
 * rate-limiter-flexible's store on the product's own database (PGlite or PostgreSQL). The
 * library's Drizzle store imports drizzle-orm by a computed name, which a bundler cannot follow;
 * this one is the same single atomic upsert with static imports, so 50 parallel consumes against
 * a limit of N let exactly N through.
 */
export class RateLimiterDatabase extends RateLimiterStoreAbstract {
  private readonly db: AppDb;

  constructor(opts: Omit<IRateLimiterStoreOptions, 'storeClient'> & { db: AppDb }) {
    super({ ...opts, storeClient: opts.db });
    this.db = opts.db;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: Row): RateLimiterRes {
    return new RateLimiterRes(
      Math.max(this.points - row.points, 0),
      row.expire ? Math.max(new Date(row.expire).getTime() - realNow().getTime(), 0) : -1,
      row.points,
      row.points === changedPoints,
    );
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = realNow();
    const next = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const expired = sql`${rateLimits.expire} <= ${now.toISOString()}::timestamptz`;
    const nextSql = next ? sql`${next.toISOString()}::timestamptz` : sql`null`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, points, expire: next })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: forceExpire
          ? { points, expire: next }
          : {
              points: sql`case when ${expired} then ${points} else ${rateLimits.points} + ${points} end`,
              expire: sql`case when ${expired} then ${nextSql} else ${rateLimits.expire} end`,
            },
      })
      .returning();
    return row;
  }

  async _get(key: string) {
    const [row] = await this.db
      .select()
      .from(rateLimits)
      .where(
        and(
          eq(rateLimits.key, key),
          or(gt(rateLimits.expire, realNow()), isNull(rateLimits.expire)),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async _delete(key: string) {
    const rows = await this.db
      .delete(rateLimits)
      .where(eq(rateLimits.key, key))
      .returning({ key: rateLimits.key });
    return rows.length > 0;
  }

  /** Drops counters that expired more than an hour ago. */
  async sweep(): Promise<void> {
    await this.db
      .delete(rateLimits)
      .where(lt(rateLimits.expire, new Date(realNow().getTime() - 3_600_000)));
  }
}
