import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { getEnv } from '@/lib/env';
import { availabilityChecker, type AvailabilityChecker } from './availability.server';
import bootstrap from './rdap-bootstrap.json';
import { parseBootstrap, rdapProvider } from './rdap-provider.server';
import { registryProvider } from './registry-provider.server';

let checker: AvailabilityChecker | undefined;

/**
 * The process's availability source, chosen by AVAILABILITY_PROVIDER: the registry table
 * (default) or RDAP with the shipped bootstrap file (RDAP_BASE_URL sends every lookup to one
 * server instead). Made once so its cache is shared by every search.
 */
export function availability(): AvailabilityChecker {
  if (!checker) {
    const env = getEnv();
    const provider =
      env.AVAILABILITY_PROVIDER === 'rdap'
        ? rdapProvider({ bootstrap: parseBootstrap(bootstrap), baseOverride: env.RDAP_BASE_URL })
        : registryProvider(appDb);
    checker = availabilityChecker(provider, {
      timeoutMs: env.AVAILABILITY_TIMEOUT_MS,
      cacheMs: env.AVAILABILITY_CACHE_MS,
    });
  }
  return checker;
}
