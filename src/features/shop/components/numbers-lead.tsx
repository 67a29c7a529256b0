import Link from 'next/link';
import type { SiteVersionId } from '@/features/site-version/site-version';
import styles from './numbers-lead.module.css';

/**
 * The opening of a home page that leads with phone numbers (store variable `homeLeadsWith`):
 * what the store sells there, and the way to the number search and the call plans.
 */
export function NumbersLead({ siteVersion }: { siteVersion: SiteVersionId }) {
  return (
    <section aria-labelledby="numbers-heading" className={styles.lead}>
      <h2 id="numbers-heading">Phone numbers and call plans</h2>
      <p>
        {siteVersion === 1 ? 'UK' : 'US'} business numbers, billed monthly, and call plans priced
        per user per month.
      </p>
      <p className={styles.actions}>
        <Link prefetch={false} href="/numbers" className={styles.primary}>
          Find a number
        </Link>
        <Link prefetch={false} href="/plans" className={styles.secondary}>
          See call plans
        </Link>
      </p>
    </section>
  );
}
