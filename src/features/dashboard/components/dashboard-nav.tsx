import Link from 'next/link';
import { can, type Permission, type Role } from '@/features/access/roles';
import styles from './dashboard.module.css';

const ITEMS: { href: string; label: string; needs?: Permission }[] = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/domains', label: 'Domains' },
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
 * The dashboard's navigation: what the person's role may use, the current page marked. Its pages
 * are rendered per request, so its links (and every dashboard link) do not prefetch: ten
 * prefetches would be ten full renders of pages the customer mostly does not open.
 */
export function DashboardNav({ current, role }: { current: string; role: Role }) {
  return (
    <nav className={styles.nav} aria-label="Your account">
      <ul>
        {ITEMS.filter((i) => !i.needs || can(role, i.needs)).map((i) => (
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
