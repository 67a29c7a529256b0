'use client';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import { useHydrated } from '@/lib/use-hydrated';
import {
  pricesOf,
  readPricesSeen,
  rememberPrices,
  repricedLines,
  type PricesSeen,
} from '../cart-prices-seen';
import type { Cart } from '../cart-types';
import { useCart, useCartActions } from '../hooks/use-cart';
import { CartLineItem } from './cart-line';
import { CartTotals } from './cart-totals';
import { EmptyCart } from './empty-cart';
import styles from './cart-view.module.css';

/** The currency of the other site version, where lines set aside here are sold. */
function otherCurrency(siteVersion: SiteVersionId): string {
  return SITE_VERSIONS[siteVersion === 1 ? 2 : 1].currency;
}

/**
 * The cart page: lines with their prices, years and users, hold countdowns and totals.
 * `siteVersion` is the version the page was rendered for; when the shopper switches, the page
 * re-renders with the new one and the cart is fetched again, repriced by the server.
 */
export function CartView({
  siteVersion,
  initial,
  cannotBuy = null,
}: {
  siteVersion: SiteVersionId;
  initial?: Cart;
  /** Why the signed-in member cannot check out (their role may not buy), or null. */
  cannotBuy?: string | null;
}) {
  const { data: cart, error, mutate } = useCart(initial);
  useEffect(() => {
    if (cart && cart.site_version !== siteVersion) void mutate();
  }, [cart, siteVersion, mutate]);
  // The store's prices can change while the cart is open, or between the add and this page (its
  // owner's admin, decision 0174): the server reprices, and the page names the lines whose price
  // moved since this tab last showed them (decision 0284). A line whose years or users the shopper
  // changed is not one of them.
  const seen = useRef<PricesSeen | null>(null);
  const [repriced, setRepriced] = useState<string[]>([]);
  useEffect(() => {
    if (!cart) return;
    const changed = repricedLines(seen.current ?? readPricesSeen(), cart);
    if (changed.length > 0) setRepriced(changed);
    seen.current = pricesOf(cart);
    rememberPrices(cart);
  }, [cart]);
  const call = useCartActions();
  const ready = useHydrated();
  const [message, setMessage] = useState<string | null>(null);

  /** Answers the server's reason when it refuses the change (shown where it was asked). */
  async function change(
    method: 'put' | 'delete',
    url: string,
    body?: unknown,
  ): Promise<string | null> {
    // Changes are conditional on the cart this page shows: a stale one is refused (409).
    const headers = cart ? { version: cart.version } : {};
    const result = await call(
      method,
      url,
      method === 'put' ? { ...headers, ...(body as object) } : undefined,
    );
    const refusal = result.ok ? null : result.message;
    // A refused number of users is shown next to its field; anything else above the lines.
    const users = typeof body === 'object' && body !== null && 'users' in body;
    setMessage(users ? null : refusal);
    return refusal;
  }

  // A hold that ran out on the page: the server's cart says so, and offers to hold it again.
  const refresh = useCallback(() => void mutate(), [mutate]);
  async function holdAgain(number: string) {
    const result = await call('post', '/api/cart', { type: 'number', number });
    setMessage(result.ok ? null : result.message);
  }

  if (error) return <p className={styles.warning}>Your cart could not be loaded. Try again.</p>;
  // Not `isLoading`: SWR counts the cart the page came with as not loaded yet, and it is shown.
  if (!cart) return <p role="status">Loading your cart…</p>;
  return (
    <div className={styles.cart}>
      <p role="status" className={styles.warning}>
        {message}
      </p>
      {repriced.length > 0 ? (
        <p className={styles.notice} role="note">
          The store changed its prices: {repriced.join(', ')}{' '}
          {repriced.length === 1 ? 'has a new price' : 'have new prices'}, shown below.
        </p>
      ) : null}
      {cart.dropped.length > 0 ? (
        <div className={styles.notice} role="note">
          <h2>Some items could not be kept</h2>
          <ul>
            {cart.dropped.map((d, i) => (
              <li key={i}>
                <strong>{d.label}</strong>: {d.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {cart.items.length === 0 && cannotBuy ? (
        // Not the way to the shop: a member whose role may not buy could add nothing (0332).
        <>
          <p>Your cart is empty.</p>
          <p className={styles.notice} role="note" data-testid="cannot-buy">
            {cannotBuy}
          </p>
        </>
      ) : cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <ul className={styles.lines}>
            {cart.items.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                siteVersion={cart.site_version}
                currency={cart.currency}
                onChange={(method, body) => change(method, `/api/cart/${line.id}`, body)}
                onHoldEnd={refresh}
                onHoldAgain={(number) => void holdAgain(number)}
                ready={ready}
              />
            ))}
          </ul>
          <CartTotals cart={cart} />
          {cannotBuy ? (
            // No "Check out" to a page that would only refuse: said here, before (0327).
            <p className={styles.notice} role="note" data-testid="cannot-buy">
              {cannotBuy}
              {cart.items.some((l) => l.number && l.held_until)
                ? ' A number you remove is free for others at once.'
                : null}
            </p>
          ) : cart.items.some((l) => !l.unavailable) ? (
            <Link prefetch={false} href="/checkout" className={styles.checkout}>
              Check out
            </Link>
          ) : (
            <p className={styles.notice} role="note">
              Nothing in your cart can be bought in {cart.currency}.{' '}
              {otherCurrency(cart.site_version)
                ? `Switch to ${otherCurrency(cart.site_version)} to check out.`
                : null}
            </p>
          )}
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void change('delete', '/api/cart/clear')}
            disabled={!ready}
          >
            Empty the cart
          </button>
        </>
      )}
    </div>
  );
}
