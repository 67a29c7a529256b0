import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import styles from '@/features/store-admin/components/admin.module.css';
import { navFor } from '@/features/store-admin/roles';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Admin', robots: { index: false } };
// One staff member's admin: rendered per request, never cached.
export const dynamic = 'force-dynamic';

/** The admin's overview: where the staff member can go from here. */
export default async function AdminPage() {
  const staff = await pageStaff(undefined, '/admin');
  const sections = navFor(staff.staff.role);
  return (
    <AdminFrame current="/admin" viewer={adminViewer(staff)} title="Admin">
      <p>
        You run {staff.store.config.store_name} from here. Every change is kept in the audit with
        who made it, when and from which address.
      </p>
      <h2>Sections</h2>
      {sections.length === 0 ? (
        <p className={styles.empty}>More sections arrive here as they are built.</p>
      ) : (
        <ul className={styles.cards}>
          {sections.map((s) => (
            <li key={s.id}>
              <Link prefetch={false} href={s.href}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
