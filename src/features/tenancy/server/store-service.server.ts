import 'server-only';
import { TtlCache } from '@/lib/cache/ttl-cache';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { storeNotFound } from '@/lib/http/api-response';
import { noteRequestStore } from '@/lib/log-scope';
import { logger } from '@/lib/logger';
import { BUILT_IN_BRANDS, type HostGroups } from '../brands';
import { matchHost, storeKeyOf } from '../host';
import { hostOfRequest } from '@/lib/http/host';
import { storeFromBrand, storeFromStored } from '../resolve-store';
import type { Store } from '../store-types';
import { findPriceList, findStoreByHost } from './store-repository.server';

export type StoreServiceOptions = {
  db: () => Promise<AppDb>;
  hostGroups: HostGroups;
  ttlMs: number;
  /** Bound on cached hosts, so a flood of unknown hosts cannot grow memory. */
  maxEntries?: number;
  now?: () => number;
};

/**
 * Resolves stores by host (docs/contract/brands-and-hosts.md), cached in process for `ttlMs` per
 * brand or host, unknown hosts included. Change a store through `invalidate` so the next request
 * sees it.
 */
export function createStoreService(options: StoreServiceOptions) {
  const cache = new TtlCache<string, Store | null>({
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries ?? 2_000,
    now: options.now,
  });

  async function byHost(host: string): Promise<Store | null> {
    const match = matchHost(host, options.hostGroups);
    if (match.kind === 'built-in') {
      const brand = BUILT_IN_BRANDS[match.brand];
      return cache.get(`brand:${brand.key}`, async () =>
        storeFromBrand(brand, await findPriceList(await options.db(), brand.key)),
      );
    }
    return cache.get(`host:${match.host}`, async () => {
      const row = await findStoreByHost(await options.db(), match.host);
      if (!row) return null;
      return storeFromStored(row, (report) =>
        logger.warn(report, 'stored store data invalid; defaults used for these fields'),
      );
    });
  }

  return {
    /** The store for a normalised host name, or null when no store has it. */
    byHost,
    /**
     * Rule 5: no request, no store. Otherwise the store of the request's host (after the host
     * override); null for an unusable Host header or an unknown host.
     */
    async forRequest(headers: Headers | null | undefined): Promise<Store | null> {
      if (!headers) return null;
      const host = hostOfRequest(headers, getEnv().HOST_OVERRIDE_SECRET);
      return host.ok ? byHost(host.host) : null;
    },
    /** The name a host's store goes by in the request log (docs/decisions/0045). */
    logNameOf(host: string): string {
      return storeKeyOf(matchHost(host, options.hostGroups));
    },
    /** Forgets one host's store, or all when no host is given. */
    invalidate(host?: string): void {
      if (host === undefined) return cache.clear();
      const match = matchHost(host, options.hostGroups);
      cache.delete(match.kind === 'built-in' ? `brand:${match.brand}` : `host:${match.host}`);
    },
  };
}

export type StoreService = ReturnType<typeof createStoreService>;

const KEY = Symbol.for('storefront.store-service');
type Holder = { [KEY]?: StoreService };

/** The process's store service, configured from the environment. */
export function storeService(): StoreService {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const env = getEnv();
    holder[KEY] = createStoreService({
      db: appDb,
      hostGroups: { nameport: env.DOMAIN_BRAND_HOSTS, callwave: env.TELEPHONY_BRAND_HOSTS },
      ttlMs: env.STORE_CACHE_TTL_MS,
    });
  }
  return holder[KEY];
}

/**
 * The store of a normalised host, or 404 store_not_found. Names the store in the request's log
 * line (docs/decisions/0045).
 */
export async function requireStoreOfHost(host: string): Promise<Store> {
  const store = await storeService().byHost(host);
  if (!store) throw storeNotFound();
  noteRequestStore(storeService().logNameOf(host));
  return store;
}
