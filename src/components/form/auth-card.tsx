import type { ReactNode } from 'react';
import styles from './form.module.css';

/** The frame of every account screen: one centred card with a heading (inside the layout's main). */
export function AuthCard({
  title,
  lead,
  wide,
  children,
}: {
  title: string;
  lead?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={`${styles.card} ${wide ? styles.wide : ''}`}>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
