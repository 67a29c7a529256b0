import 'server-only';
import { randomUUID } from 'node:crypto';
import { expireCacheTags } from '@/lib/cache/cache-tags';
import { appDb } from '@/lib/db/app-db';
import { storeHosts } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/logger';
import { sharedRedis } from '@/lib/redis';
import { normaliseHost } from '@/lib/http/host';
import { storePageTag } from './store-page-tag';
import { storeService } from './store-service.server';

// Several server instances share one database; each keeps the store lookup and the rendered pages
// of a store in its own memory. A change made through one instance is announced on this Redis
// channel so that the others drop theirs (docs/decisions/0016).
export const STORE_CHANGES_CHANNEL = 'storefront:store-changes';

// Per process, not per module: the instrumentation bundle and the route bundles each have their
// own copy of this module, and an instance must recognise its own messages.
const ORIGIN = Symbol.for('storefront.store-sync.origin');
function origin(): string {
  const holder = globalThis as { [ORIGIN]?: string };
  return (holder[ORIGIN] ??= randomUUID());
}

/**
 * What the instance that changed a store does: forget the store lookup of each host and expire
 * the cached pages of each host, so the next visit renders the changed store. The page cache
 * (scripts/page-cache-store.mjs) announces the expiry to the other instances itself.
 */
export function applyStoreChange(hosts: readonly string[]): void {
  forgetStoreLookups(hosts);
  expireCacheTags(hosts.map(storePageTag));
}

/** Forgets the store lookups of these hosts: the next request reads the database. */
function forgetStoreLookups(hosts: readonly string[]): void {
  for (const host of hosts) storeService().invalidate(host);
}

// Hosts whose change could not be announced (Redis away), per process: announced again as soon as
// Redis is back, so the other instances catch up (docs/decisions/0198).
const UNANNOUNCED = Symbol.for('storefront.store-sync.unannounced');
type Unannounced = { hosts: Set<string>; waiting: boolean };
function unannounced(): Unannounced {
  const holder = globalThis as { [UNANNOUNCED]?: Unannounced };
  return (holder[UNANNOUNCED] ??= { hosts: new Set(), waiting: false });
}

function publish(url: string, hosts: readonly string[]): void {
  const redis = sharedRedis(url);
  redis
    .publish(STORE_CHANGES_CHANNEL, JSON.stringify({ origin: origin(), hosts }))
    .catch((error: Error) => {
      logger.error(
        { event: 'store_change_not_announced', hosts, err: error.message },
        'store change not announced; announced again when Redis is back',
      );
      const pending = unannounced();
      for (const host of hosts) pending.hosts.add(host);
      if (pending.waiting) return;
      pending.waiting = true;
      redis.once('ready', () => {
        pending.waiting = false;
        const again = [...pending.hosts];
        pending.hosts.clear();
        if (again.length > 0) publish(url, again);
      });
    });
}

/** Tells the other instances (over Redis, when REDIS_URL is set) that these hosts' store changed. */
export function announceStoreChange(hosts: readonly string[]): void {
  const url = getEnv().REDIS_URL;
  if (!url || hosts.length === 0) return;
  // Not awaited: the change is made and this instance is up to date. If Redis is away, the
  // announcement is made again when it is back.
  publish(url, hosts);
}

/** The hosts of a message from another instance, or null for our own or a malformed one. */
export function hostsFromMessage(raw: string): string[] | null {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    logger.warn({ event: 'store_change_malformed', length: raw.length }, 'store change not JSON');
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { origin: from, hosts } = message as { origin?: unknown; hosts?: unknown };
  if (typeof from !== 'string' || from === origin() || !Array.isArray(hosts)) return null;
  const valid = hosts.map((h) => (typeof h === 'string' ? normaliseHost(h) : null));
  return valid.every((h): h is string => h !== null) && valid.length > 0 ? valid : null;
}

/**
 * Back on Redis after an outage, this instance may have missed announcements (another instance's
 * change made while either was away, or re-announced before this one subscribed again): every
 * store's lookup and pages are dropped once, so the next visit reads the database
 * (docs/decisions/0198). ioredis has subscribed again by the time `ready` fires.
 */
async function catchUpAfterOutage(): Promise<void> {
  try {
    const rows = await (await appDb()).select({ host: storeHosts.host }).from(storeHosts);
    applyStoreChange(rows.map((r) => r.host));
    logger.info(
      { event: 'store_changes_caught_up', hosts: rows.length },
      'store changes caught up',
    );
  } catch (error) {
    logger.error(
      { event: 'store_changes_catch_up_failed', err: (error as Error).message },
      'store changes not caught up',
    );
  }
}

/**
 * Subscribes to the store changes other instances announce, when REDIS_URL is set. Answers a
 * function that unsubscribes.
 */
export function followStoreChangesOfOtherInstances(): () => Promise<void> {
  const url = getEnv().REDIS_URL;
  if (!url) return async () => {};
  const subscriber = sharedRedis(url).duplicate();
  let failing = false;
  subscriber.on('error', (error: Error) => {
    if (!failing)
      logger.error({ event: 'store_changes_redis_error', err: error.message }, 'Redis unavailable');
    failing = true;
  });
  subscriber.on('ready', () => {
    if (failing) void catchUpAfterOutage();
    failing = false;
  });
  subscriber.on('message', (_channel: string, raw: string) => {
    const hosts = hostsFromMessage(raw);
    if (!hosts) return;
    forgetStoreLookups(hosts);
    // The page cache has most likely expired these pages already, on the tags the changing
    // instance announced on its own connection. A page rendered between that expiry and this
    // message read the store lookup forgotten just now: expired again, here only
    // (docs/decisions/0260).
    expireCacheTags(hosts.map(storePageTag), { announce: false });
  });
  subscriber.subscribe(STORE_CHANGES_CHANNEL).catch(() => {
    // Reported by the error handler; ioredis subscribes again when it reconnects.
  });
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
