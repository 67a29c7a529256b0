import { priceLine, type MoneyLine } from '@/features/pricing/money';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';

/**
 * What restoring `domain` from redemption costs in `store` (before the year's renewal that comes
 * with it): the restore price of its TLD in the store's price list, the longest matching TLD
 * first (`.co.uk` before `.uk`). Null when the list does not price the TLD in this site version:
 * the store cannot restore it then, and says so rather than guess a price (docs/decisions/0150).
 * The dashboard shows this figure; the restore bill charges it.
 */
export function restorePrice(
  store: Pick<Store, 'prices'>,
  siteVersion: SiteVersionId,
  domain: string,
): MoneyLine | null {
  const name = domain.toLowerCase();
  const tld = store.prices
    .filter((p) => p.siteVersion === siteVersion && name.endsWith(`.${p.tld}`))
    .sort((a, b) => b.tld.length - a.tld.length)[0];
  return tld ? priceLine(tld.restoreNet, SITE_VERSIONS[siteVersion].vatRateBp) : null;
}
