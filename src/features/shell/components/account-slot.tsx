import Link from 'next/link';
import styles from './header.module.css';

/** The header's account entry. */
export function AccountSlot() {
  return (
    <Link href="/login" className={styles.account}>
      Sign in
    </Link>
  );
}
