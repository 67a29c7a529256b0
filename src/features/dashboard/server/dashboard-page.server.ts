import 'server-only';
import { now } from '@/lib/clock';
import type { Caller } from '@/features/access/server/caller.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { priceLine } from '@/features/pricing/money';
import { accountServices } from '@/features/services/server/services.server';
import type { Service } from '@/features/services/service-types';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';

const DAY = 24 * 60 * 60 * 1000;
const LAPSING = new Set(['expiring', 'expired', 'redemption', 'suspended']);

/** What renews or lapses within 30 days of the product's time, for the overview. */
export async function upcomingServices(viewer: Caller): Promise<Service[]> {
  const soon = now().getTime() + 30 * DAY;
  return (await accountServices(viewer)).filter((s) => {
    const date = s.expires_at ?? s.renews_at;
    return (
      LAPSING.has(s.status) || (s.status === 'active' && date !== null && Date.parse(date) <= soon)
    );
  });
}

/** Whether the account keeps a payment method that auto-renew can charge. */
export async function hasPaymentMethod(viewer: Caller): Promise<boolean> {
  return (await accountPaymentMethodViews(viewer)).length > 0;
}

/**
 * The restore fee of a domain in the store's price list (its longest matching TLD, in the site
 * version of the domain's currency), gross; null when the list has no price for it.
 */
export function restoreGross(
  store: Store,
  siteVersion: SiteVersionId,
  domain: string,
): number | null {
  const tld = store.prices
    .filter((p) => p.siteVersion === siteVersion && domain.endsWith(`.${p.tld}`))
    .sort((a, b) => b.tld.length - a.tld.length)[0];
  return tld ? priceLine(tld.restoreNet, SITE_VERSIONS[siteVersion].vatRateBp).gross : null;
}
