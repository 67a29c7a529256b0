'use client';
import { useEffect, useState } from 'react';
import { VAT_COOKIE, type VatDisplay } from '../vat-display';
import styles from './header.module.css';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Switches every price on the page between excluding and including VAT, at once and without a
 * reload: the choice lives on <html data-vat> and in a cookie, and is told to the server.
 */
export function VatToggle() {
  const [display, setDisplay] = useState<VatDisplay>('ex');
  useEffect(() => {
    setDisplay(document.documentElement.dataset.vat === 'inc' ? 'inc' : 'ex');
  }, []);

  function toggle() {
    const next: VatDisplay = display === 'inc' ? 'ex' : 'inc';
    document.documentElement.dataset.vat = next;
    document.cookie = `${VAT_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
    setDisplay(next);
    // The page has already changed; the server keeps the choice for later visits. The HTTP
    // client loads on first use, so it costs nothing on pages where nobody clicks.
    void import('@/lib/browser-api')
      .then(({ browserApi }) => browserApi.put('/api/vat', { display: next }))
      .catch(() => undefined);
  }

  return (
    <button
      type="button"
      role="switch"
      aria-checked={display === 'inc'}
      className={styles.vatToggle}
      onClick={toggle}
    >
      <span className={styles.vatLabel}>Prices include VAT</span>
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
    </button>
  );
}
