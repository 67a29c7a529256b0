import type { ReactNode } from 'react';
import type { Role } from '@/features/access/roles';
import { DashboardNav } from './dashboard-nav';
import styles from './dashboard.module.css';

/** Every dashboard page: the navigation beside (above, on a phone) one titled main part. */
export function DashboardFrame({
  current,
  role,
  title,
  children,
}: {
  current: string;
  role: Role;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <DashboardNav current={current} role={role} />
      <section className={styles.main} aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
