import Link from 'next/link';
import { LEGAL_PAGE_KEYS, LEGAL_PAGES } from '../legal-pages';
import styles from './legal-links.module.css';

/** The store's legal pages as a navigation list (the footer). */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Legal" className={className}>
      <ul className={styles.list}>
        {LEGAL_PAGE_KEYS.map((key) => (
          <li key={key}>
            <Link prefetch={false} href={LEGAL_PAGES[key].path}>
              {LEGAL_PAGES[key].title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The sentence next to a button that commits the customer, e.g. `action="creating an account"`
 * or `"placing your order"`: it links the terms and the privacy notice they accept.
 */
export function LegalAgreement({ action, className }: { action: string; className?: string }) {
  return (
    <p className={className ?? styles.agreement}>
      By {action} you accept our{' '}
      <Link prefetch={false} href={LEGAL_PAGES.terms.path}>
        {LEGAL_PAGES.terms.title.toLowerCase()}
      </Link>
      ; our{' '}
      <Link prefetch={false} href={LEGAL_PAGES.privacy.path}>
        {LEGAL_PAGES.privacy.title.toLowerCase()}
      </Link>{' '}
      says what we keep about you and why.
    </p>
  );
}
