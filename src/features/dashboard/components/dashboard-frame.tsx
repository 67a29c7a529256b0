import type { ReactNode } from 'react';
import { DashboardNav, type NavViewer } from './dashboard-nav';
import styles from './dashboard.module.css';

/** Every dashboard page: the navigation beside (above, on a phone) one titled main part. */
export function DashboardFrame({
  current,
  viewer,
  title,
  children,
}: {
  current: string;
  viewer: NavViewer;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.shell}>
      <DashboardNav current={current} viewer={viewer} />
      <section className={styles.main} aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
