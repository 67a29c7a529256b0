'use client';
import { useSyncExternalStore } from 'react';
import { VAT_COOKIE, type VatDisplay } from '@/features/pricing/vat-display';
import { vatChoice } from '@/features/pricing/vat-choice';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './header.module.css';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

function readDisplay(): VatDisplay {
  return document.documentElement.dataset.vat === 'inc' ? 'inc' : 'ex';
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-vat'] });
  return () => observer.disconnect();
}

/**
 * Switches every price on the page between excluding and including VAT, at once and without a
 * reload: the choice lives on <html data-vat> and in a cookie, and is told to the server.
 */
export function VatToggle() {
  // The choice lives on <html data-vat> (set before first paint); the switch reads it from there.
  const display = useSyncExternalStore(subscribe, readDisplay, () => 'ex' as const);
  const hydrated = useHydrated();

  function toggle() {
    const next: VatDisplay = display === 'inc' ? 'ex' : 'inc';
    vatChoice.madeHere = true;
    document.documentElement.dataset.vat = next;
    document.cookie = `${VAT_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
    // The page has already changed and the cookie keeps the choice in this browser; the server
    // keeps it for the account's other browsers. If that fails the shopper loses nothing here,
    // so it goes to the console (and error reporting) rather than onto the page. The HTTP
    // client loads on first use, so it costs nothing on pages where nobody clicks.
    void import('@/lib/browser-api')
      .then(({ browserApi }) => browserApi.put('/api/vat', { display: next }))
      .catch((error: unknown) =>
        console.warn('The VAT choice was not saved on the server.', error),
      );
  }

  return (
    <button
      type="button"
      role="switch"
      aria-checked={display === 'inc'}
      className={styles.vatToggle}
      onClick={toggle}
      disabled={!hydrated}
    >
      <span className={styles.vatLabel}>Prices include VAT</span>
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
    </button>
  );
}
