import { getEnv, type Env } from '@/lib/env';
import type { Store } from './store-types';

/** What a store's public address depends on; the process configuration unless a test passes its own. */
export type AddressSettings = Pick<
  Env,
  'PORT' | 'STORE_LINK_SCHEME' | 'STORE_LINK_PORT' | 'DOMAIN_BRAND_HOSTS' | 'TELEPHONY_BRAND_HOSTS'
>;

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * The host a store is served on. With local links (`STORE_LINK_SCHEME=http`) a built-in brand is
 * reached on the first local name of its host group (nameport.localhost), since its own domain
 * does not lead to this machine; white-label stores are reached on their `domain_name` either way.
 */
function publicHost(store: Store, settings: AddressSettings): string {
  const domain = store.config.domain_name;
  if (store.keywordId === 4) return domain;
  if (settings.STORE_LINK_SCHEME === 'http') {
    const group =
      store.keywordId === 1 ? settings.DOMAIN_BRAND_HOSTS : settings.TELEPHONY_BRAND_HOSTS;
    const local = group.find(isLocalName);
    if (local) return local;
  }
  return `www.${domain}`;
}

/**
 * The one rule for where a store is reached from outside (docs/decisions/0090): mail links,
 * canonical addresses, sitemap, robots.txt and structured data all use it, so what a page calls
 * its own address is where a mail sends people.
 *
 * - Host: a white-label store's `domain_name`; the built-in brands' `www.` + `domain_name`
 *   (docs/contract/brands-and-hosts.md), or with local links the local name of their host group
 *   (`publicHost`).
 * - A local name (`localhost`, `*.localhost`) only ever reaches this machine: `http`, on
 *   `STORE_LINK_PORT` or else the port this server listens on.
 * - Any other host: `STORE_LINK_SCHEME`, and `STORE_LINK_PORT` when set.
 */
export function storeOrigin(store: Store, settings: AddressSettings = getEnv()): string {
  const host = publicHost(store, settings);
  if (isLocalName(host)) return `http://${host}:${settings.STORE_LINK_PORT ?? settings.PORT}`;
  const port = settings.STORE_LINK_PORT ? `:${settings.STORE_LINK_PORT}` : '';
  return `${settings.STORE_LINK_SCHEME}://${host}${port}`;
}

/** An absolute address on the store's site for a path; an absolute URL is left as it is. */
export function storeUrl(store: Store, pathOrUrl: string, settings?: AddressSettings): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${storeOrigin(store, settings)}${pathOrUrl}`;
}
