import { statusLabel } from '../format';
import styles from './dashboard.module.css';

/** A status in words, with a border in the theme's success, warning or error colour. */
export function StatusBadge({ status }: { status: string }) {
  const { text, tone } = statusLabel(status);
  return <span className={`${styles.badge} ${tone ? styles[tone] : ''}`}>{text}</span>;
}
