import Link from 'next/link';
import { can, type Permission, type Role } from '@/features/access/roles';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import styles from './dashboard.module.css';

/** What the navigation needs to know of the person and the store. */
export type NavViewer = { role: Role; store: Store; siteVersion: SiteVersionId };

const ITEMS: { href: string; label: string; needs?: Permission; domains?: true }[] = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/domains', label: 'Domains', domains: true },
  { href: '/dashboard/numbers', label: 'Numbers' },
  { href: '/dashboard/plans', label: 'Plans' },
  { href: '/dashboard/orders', label: 'Orders', needs: 'billing.read' },
  { href: '/dashboard/invoices', label: 'Invoices', needs: 'billing.read' },
  { href: '/dashboard/team', label: 'Team' },
  { href: '/dashboard/payment-methods', label: 'Payment methods', needs: 'billing.read' },
  { href: '/dashboard/security', label: 'Security' },
  { href: '/dashboard/activity', label: 'Activity', needs: 'audit.read' },
];

/**
 * Whether the store sells domains in this site version: a telephony brand (dashboard only) has
 * none to sell or manage, so its dashboard shows no Domains tab.
 */
function sellsDomains({ store, siteVersion }: NavViewer): boolean {
  return !store.config.dashboard_only && store.prices.some((p) => p.siteVersion === siteVersion);
}

/**
 * The dashboard's navigation: what the person's role may use, the current page marked. Its pages
 * are rendered per request, so its links (and every dashboard link) do not prefetch: ten
 * prefetches would be ten full renders of pages the customer mostly does not open.
 */
export function DashboardNav({ current, viewer }: { current: string; viewer: NavViewer }) {
  const domains = sellsDomains(viewer);
  const items = ITEMS.filter(
    (i) => (!i.needs || can(viewer.role, i.needs)) && (!i.domains || domains),
  );
  return (
    <nav className={styles.nav} aria-label="Your account">
      <ul>
        {items.map((i) => (
          <li key={i.href}>
            <Link
              prefetch={false}
              href={i.href}
              aria-current={i.href === current ? 'page' : undefined}
            >
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
