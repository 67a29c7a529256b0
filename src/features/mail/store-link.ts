import { getEnv } from '@/lib/env';
import type { Store } from '@/features/tenancy/store-types';

/**
 * An absolute link into the store at its configured address (store config `domain_name`), never
 * the Host of the request that caused the mail: a forged Host cannot redirect a reset link.
 */
export function storeLink(store: Store, path: string): string {
  const env = getEnv();
  const port = env.STORE_LINK_PORT ? `:${env.STORE_LINK_PORT}` : '';
  return `${env.STORE_LINK_SCHEME}://${store.config.domain_name}${port}${path}`;
}
