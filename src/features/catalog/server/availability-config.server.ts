import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { expireCacheTags } from '@/lib/cache/cache-tags';
import { getEnv } from '@/lib/env';
import { availabilityChecker, type AvailabilityChecker } from './availability.server';
import { domainSearchTag } from '../search-address';
import bootstrap from './rdap-bootstrap.json';
import { parseBootstrap, rdapProvider, readBootstrapFile } from './rdap-provider.server';
import { registryProvider } from './registry-provider.server';

// On globalThis: Next loads this module once in the route handlers' bundle and once in the
// pages' bundle of the same process. With a checker in each, a sale forgot the name in the
// handlers' cache while the search page went on answering "Available" from its own for a minute.
const KEY = Symbol.for('storefront.availability');
const holder = globalThis as { [KEY]?: AvailabilityChecker };

/**
 * The process's availability source, chosen by AVAILABILITY_PROVIDER: the registry table
 * (default) or RDAP with the shipped bootstrap file, or the operator's (RDAP_BOOTSTRAP_FILE);
 * RDAP_BASE_URL sends every lookup to one server instead. Made once so its cache is shared by
 * every search.
 */
export function availability(): AvailabilityChecker {
  let checker = holder[KEY];
  if (!checker) {
    const env = getEnv();
    const provider =
      env.AVAILABILITY_PROVIDER === 'rdap'
        ? rdapProvider({
            bootstrap: env.RDAP_BOOTSTRAP_FILE
              ? readBootstrapFile(env.RDAP_BOOTSTRAP_FILE)
              : parseBootstrap(bootstrap),
            baseOverride: env.RDAP_BASE_URL,
          })
        : registryProvider(appDb);
    checker = availabilityChecker(provider, {
      timeoutMs: env.AVAILABILITY_TIMEOUT_MS,
      cacheMs: env.AVAILABILITY_CACHE_MS,
    });
    holder[KEY] = checker;
  }
  return checker;
}

/**
 * Domains whose availability just changed here (registered by an order): searches answer them
 * afresh at once, and the cached search pages that list them are rendered again on their next
 * visit (docs/decisions/0111). Call it once the change is committed.
 */
export function availabilityChanged(
  domains: readonly string[],
  options: { committed: boolean } = { committed: true },
): void {
  const checker = availability();
  for (const domain of domains) {
    if (options.committed) checker.forget(domain);
    else checker.settle(domain);
  }
  expireCacheTags([...new Set(domains.map((d) => domainSearchTag(d.split('.')[0]!)))]);
}
