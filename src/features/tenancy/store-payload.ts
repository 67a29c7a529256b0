import { netGross, type Money } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import { BRAND_KEYWORDS, type Store, type TldPrice } from './store-types';

export type TldEntry = { name: string; cost: Money };

/**
 * The store's TLD price list for a site version (docs/contract/brands-and-hosts.md): `{name,
 * cost:{net, gross}}` with the first-year registration price in minor units; gross carries the
 * version's VAT.
 */
export function tldList(prices: readonly TldPrice[], siteVersion: SiteVersionId): TldEntry[] {
  const rate = SITE_VERSIONS[siteVersion].vatRateBp;
  return prices
    .filter((p) => p.siteVersion === siteVersion)
    .toSorted((a, b) => a.sortOrder - b.sortOrder || a.tld.localeCompare(b.tld))
    .map((p) => ({ name: p.tld.toUpperCase(), cost: netGross(p.registerNet, rate) }));
}

/** `GET /api/theme` answer; tlds only when asked. */
export function themePayload(store: Store, siteVersion: SiteVersionId, withTlds: boolean) {
  return {
    config: store.config,
    theme: store.theme,
    variables: store.variables,
    ...(withTlds ? { tlds: tldList(store.prices, siteVersion) } : {}),
  };
}

/** `GET /api/store` answer: the store lookup result plus its brand keyword. */
export function storePayload(store: Store, siteVersion: SiteVersionId) {
  return {
    ...themePayload(store, siteVersion, true),
    brand: { keyword_name: BRAND_KEYWORDS[store.keywordId], keyword_id: store.keywordId },
  };
}
