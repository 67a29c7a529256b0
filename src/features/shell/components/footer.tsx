import { displayPhoneNumber } from '@/lib/phone-display';
import type { Store } from '@/features/tenancy/store-types';
import { supportAddressLines } from '@/features/tenancy/support-address';
import { LegalLinks } from '@/features/tenancy/components/legal-links';
import { zoneOffsetsNow } from '../opening-hours';
import { OpeningHours } from './opening-hours';
import { SNIPPET_PATH } from '../server/snippet-document.server';
import styles from './footer.module.css';
import { realNow } from '@/lib/clock';

/** Footer from the store variables: company, contact, address, hours, text and custom snippet. */
export function Footer({ store }: { store: Store }) {
  const v = store.variables;
  const address = supportAddressLines(v);
  const hasHours = Object.values(v.openingHours).some(Boolean);
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {v.companyName || store.config.store_name}
          </h2>
          <ul className={styles.list}>
            {v.supportNumber ? (
              <li>
                Phone:{' '}
                <a href={`tel:${v.supportNumber.replace(/[^+\d]/g, '')}`}>
                  {displayPhoneNumber(v.supportNumber)}
                </a>
              </li>
            ) : null}
            {v.supportEmail ? (
              <li>
                E-mail: <a href={`mailto:${v.supportEmail}`}>{v.supportEmail}</a>
              </li>
            ) : null}
          </ul>
          {address.length > 0 ? (
            <address className={styles.address}>
              {address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          ) : null}
        </section>
        {hasHours ? (
          <section aria-labelledby="footer-hours">
            <h2 id="footer-hours" className={styles.heading}>
              Opening hours
            </h2>
            <OpeningHours
              hours={v.openingHours}
              timeZone={v.timeZone}
              offsets={zoneOffsetsNow(v.timeZone, realNow().getTime())}
            />
          </section>
        ) : null}
      </div>
      {v.customSnippet ? (
        // The reseller's own HTML runs in a sandbox without access to this origin, as a document
        // of its own with its own policy (docs/decisions/0130-security-headers.md).
        <iframe
          className={styles.snippet}
          title={`${store.config.store_name} notice`}
          sandbox="allow-scripts allow-popups"
          src={SNIPPET_PATH}
          loading="lazy"
        />
      ) : null}
      {v.footerText ? <p className={styles.text}>{v.footerText}</p> : null}
      <LegalLinks className={styles.legal} />
    </footer>
  );
}
