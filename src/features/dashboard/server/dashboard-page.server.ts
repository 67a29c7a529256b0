import 'server-only';
import { now } from '@/lib/clock';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { roleOf, type Role } from '@/features/access/roles';
import { currentUser } from '@/features/auth/server/current-user.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { priceLine } from '@/features/pricing/money';
import { accountServices } from '@/features/services/server/services.server';
import type { Service } from '@/features/services/service-types';
import { requestContext } from '@/features/session/server/request-context.server';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';

/** Who a dashboard page is for: rendered per request, signed in (decision 0105). */
export type DashboardViewer = {
  store: Store;
  siteVersion: SiteVersionId;
  userId: string;
  accountId: string;
  storeKey: string;
  name: string;
  email: string;
  role: Role;
};

/** The signed-in customer of a dashboard page, or null for a visitor (the page asks to sign in). */
export async function dashboardViewer(): Promise<DashboardViewer | null> {
  const ctx = await requestContext(await pageRequestInput());
  const user = await currentUser(ctx);
  if (!user) return null;
  return {
    store: ctx.store,
    siteVersion: ctx.siteVersion,
    userId: user.id,
    accountId: user.accountId,
    storeKey: ctx.store.key,
    name: user.name,
    email: user.email,
    role: roleOf(user.role),
  };
}

const DAY = 24 * 60 * 60 * 1000;
const LAPSING = new Set(['expiring', 'expired', 'redemption', 'suspended']);

/** What renews or lapses within 30 days of the product's time, for the overview. */
export async function upcomingServices(viewer: DashboardViewer): Promise<Service[]> {
  const soon = now().getTime() + 30 * DAY;
  return (await accountServices(viewer)).filter((s) => {
    const date = s.expires_at ?? s.renews_at;
    return (
      LAPSING.has(s.status) || (s.status === 'active' && date !== null && Date.parse(date) <= soon)
    );
  });
}

/** Whether the account keeps a payment method that auto-renew can charge. */
export async function hasPaymentMethod(viewer: DashboardViewer): Promise<boolean> {
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
