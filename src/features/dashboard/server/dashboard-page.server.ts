import 'server-only';
import { daysAfter, now } from '@/lib/clock';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { roleOf, type Role } from '@/features/access/roles';
import { currentUser } from '@/features/auth/server/current-user.server';
import { accountServices } from '@/features/services/server/services.server';
import { RENEWAL_WINDOW_DAYS } from '@/features/services/renewal-window';
import type { Service } from '@/features/services/service-types';
import { requestContext } from '@/features/session/server/request-context.server';
import type { SiteVersionId } from '@/features/site-version/site-version';
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

const LAPSING = new Set(['expiring', 'expired', 'redemption', 'suspended']);

/** What renews or lapses within the renewal window of the product's time, for the overview. */
export async function upcomingServices(viewer: DashboardViewer): Promise<Service[]> {
  const soon = daysAfter(now(), RENEWAL_WINDOW_DAYS).getTime();
  return (await accountServices(viewer)).filter((s) => {
    const date = s.expires_at ?? s.renews_at;
    return (
      LAPSING.has(s.status) || (s.status === 'active' && date !== null && Date.parse(date) <= soon)
    );
  });
}
