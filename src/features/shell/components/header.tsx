import Link from 'next/link';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import { CartFlyout } from '@/features/cart/components/cart-flyout';
import { CartLink } from '@/features/shop/components/cart-link';
import { SiteVersionSwitcher } from './site-version-switcher';
import { VatToggle } from './vat-toggle';
import styles from './header.module.css';

/**
 * The header of every store page: logo, name, navigation, the GBP/USD switcher, the VAT toggle,
 * the account link and the cart. Telephony brands (dashboard_only) show no shop controls at all.
 * Nothing here depends on the visitor, so the page can be cached per store; the account slot
 * fills itself in the browser, in a slot as wide signed in as signed out, so nothing moves when
 * it does. On a phone the header is three short rows: brand, account and cart; the navigation;
 * currency and VAT.
 */
export function Header({
  store,
  siteVersion,
  account,
}: {
  store: Store;
  siteVersion: SiteVersionId;
  account: React.ReactNode;
}) {
  const { logoSet } = store.theme;
  const shop = !store.config.dashboard_only;
  const sellsDomains = shop && store.prices.some((p) => p.siteVersion === siteVersion);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link prefetch={false} href="/" className={styles.brand}>
          {/* eslint-disable-next-line @next/next/no-img-element -- theme logos are small SVGs sized by logoSet */}
          <img
            src={logoSet.primary}
            alt=""
            width={logoSet.width}
            height={logoSet.height}
            className={styles.logo}
          />
          <span className={styles.storeName}>{store.config.store_name}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul>
            {sellsDomains ? (
              <li>
                <Link prefetch={false} href="/domains/pricing">
                  Domain prices
                </Link>
              </li>
            ) : null}
            {shop ? (
              <>
                <li>
                  <Link prefetch={false} href="/numbers">
                    Numbers
                  </Link>
                </li>
                <li>
                  <Link prefetch={false} href="/plans">
                    Plans
                  </Link>
                </li>
              </>
            ) : null}
            {!shop ? (
              <li>
                <Link prefetch={false} href="/dashboard">
                  Dashboard
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className={styles.controls}>
          {shop ? (
            <div className={styles.tools}>
              <SiteVersionSwitcher current={siteVersion} />
              {siteVersion === 1 ? <VatToggle /> : null}
            </div>
          ) : null}
          <div className={styles.accountSlot}>{account}</div>
          {shop ? <CartLink className={styles.cart} /> : null}
          {shop ? <CartFlyout /> : null}
        </div>
      </div>
    </header>
  );
}
