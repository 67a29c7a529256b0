import 'server-only';
import { daysAfter, now } from '@/lib/clock';
import type { Caller } from '@/features/access/server/caller.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { restorePrice } from '@/features/renewals/restore-price';
import { accountServices } from '@/features/services/server/services.server';
import { RENEWAL_WINDOW_DAYS } from '@/features/services/renewal-window';
import type { Service } from '@/features/services/service-types';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';

const LAPSING = new Set(['expiring', 'expired', 'redemption', 'suspended']);

/** What renews or lapses within the renewal window of the product's time, for the overview. */
export async function upcomingServices(viewer: Caller): Promise<Service[]> {
  const soon = daysAfter(now(), RENEWAL_WINDOW_DAYS).getTime();
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
 * The restore fee of a domain, gross, as the restore bill will charge it (the store's price list,
 * docs/decisions/0150); null when the list has no price for it.
 */
export function restoreGross(
  store: Store,
  siteVersion: SiteVersionId,
  domain: string,
): number | null {
  return restorePrice(store, siteVersion, domain)?.gross ?? null;
}
