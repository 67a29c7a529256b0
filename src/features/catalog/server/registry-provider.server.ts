import 'server-only';
import type { AppDb } from '@/lib/db/client';
import type { AvailabilityProvider } from './availability.server';
import { findRegistryEntry } from './catalog-repository.server';

/**
 * The embedded default source: the product's own registry table. A name not in it is available;
 * a premium row is available at its own price (shown as "premium").
 */
export function registryProvider(db: () => Promise<AppDb>): AvailabilityProvider {
  return {
    name: 'registry',
    async check(domain) {
      const entry = await findRegistryEntry(await db(), domain);
      if (!entry) return 'available';
      return entry.status === 'premium' ? 'premium' : 'taken';
    },
  };
}
