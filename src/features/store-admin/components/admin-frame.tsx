import Link from 'next/link';
import type { ReactNode } from 'react';
import { navFor, type StaffRole } from '../roles';
import styles from './admin.module.css';

const ROLE_NAMES: Record<StaffRole, string> = {
  store_owner: 'Owner',
  store_staff: 'Staff',
};

/** What the frame needs to know of the staff member and the store. */
export type AdminViewer = { role: StaffRole; storeName: string; email: string };

/**
 * Every page of a store's admin: the navigation (only the sections the role may use, from
 * roles.ts) beside, or above on a phone, one titled main part. Links do not prefetch: every
 * admin page is rendered per request for one person.
 */
export function AdminFrame({
  current,
  viewer,
  title,
  children,
}: {
  /** The page's path, e.g. `/admin/staff`, to mark it in the navigation. */
  current: string;
  viewer: AdminViewer;
  title: string;
  children: ReactNode;
}) {
  const items = [{ href: '/admin', label: 'Overview' }, ...navFor(viewer.role)];
  return (
    <div className={styles.shell}>
      <nav className={styles.nav} aria-label={`${viewer.storeName} admin`}>
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
      <section className={styles.main} aria-labelledby="admin-title">
        <h1 id="admin-title">{title}</h1>
        <p className={styles.roleLine}>
          {viewer.storeName} · {viewer.email} · {ROLE_NAMES[viewer.role]}
        </p>
        {children}
      </section>
    </div>
  );
}

export function roleName(role: StaffRole): string {
  return ROLE_NAMES[role];
}
