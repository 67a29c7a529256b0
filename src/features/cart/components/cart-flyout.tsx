'use client';
import Link from 'next/link';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Price } from '@/features/pricing/components/price';
import { onCartFlash } from '../cart-flash';
import { FLYOUT_CLOSE_MS, type Cart } from '../cart-types';
import styles from './cart-flyout.module.css';

/**
 * The cart fly-out (docs/contract/brands-and-hosts.md, constants-and-errors.md): hidden until a
 * cart update asks for it (flash), then open for 5000 ms after the last such update. A labelled,
 * non-modal dialog: Escape or a click outside closes it, and focus goes back where it was. It
 * carries the cart the update answered, so it never fetches anything itself. The 5000 ms wait while
 * the pointer is over it or focus is on one of its controls (WCAG 2.2.1), and start again when they
 * leave.
 */
export function CartFlyout() {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const isOpen = useRef(false);
  const [cart, setCart] = useState<Cart | null>(null);
  const [open, setOpen] = useState(false);
  const hovered = useRef(false);
  const focused = useRef(false);
  // Where the panel sits: just under the header as it is laid out now (one row on a wide screen,
  // three on a phone, more if a long name wraps it), or at the top once the header is scrolled
  // away, so it never covers the header's controls.
  const [top, setTop] = useState<number | undefined>(undefined);

  const close = useCallback((restoreFocus = true) => {
    window.clearTimeout(timer.current);
    if (!isOpen.current) return;
    isOpen.current = false;
    hovered.current = false;
    focused.current = false;
    setOpen(false);
    // A click outside puts focus where the shopper clicked; otherwise focus goes back to where it
    // was, without scrolling the page under the pointer.
    const focusInside = panel.current?.contains(document.activeElement);
    if (restoreFocus && (focusInside || document.activeElement === document.body)) {
      returnTo.current?.focus({ preventScroll: true });
    }
  }, []);

  /** The 5000 ms from now, unless the shopper is on the panel: then when they leave it. */
  const restart = useCallback(() => {
    window.clearTimeout(timer.current);
    if (hovered.current || focused.current) return;
    timer.current = window.setTimeout(close, FLYOUT_CLOSE_MS);
  }, [close]);

  useEffect(
    () =>
      onCartFlash((next) => {
        if (!isOpen.current) {
          returnTo.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }
        isOpen.current = true;
        const header = panel.current?.closest('header');
        if (header) setTop(Math.max(8, Math.round(header.getBoundingClientRect().bottom) + 8));
        setCart(next);
        setOpen(true);
        // Another flash restarts the 5000 ms.
        restart();
      }),
    [close, restart],
  );

  useEffect(() => {
    if (!open) return;
    panel.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    const onPointer = (e: PointerEvent) => {
      if (panel.current && !panel.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const count = cart?.items.length ?? 0;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      hidden={!open}
      className={styles.flyout}
      style={top === undefined ? undefined : { top }}
      data-testid="cart-flyout"
      // A pointer that moves on the panel, not one the panel opened under.
      onPointerMove={() => {
        if (hovered.current) return;
        hovered.current = true;
        window.clearTimeout(timer.current);
      }}
      onPointerLeave={() => {
        hovered.current = false;
        if (isOpen.current) restart();
      }}
      onFocus={(e) => {
        // The panel takes focus itself when it opens; a control inside it means the shopper.
        if (e.target === panel.current) return;
        focused.current = true;
        window.clearTimeout(timer.current);
      }}
      onBlur={(e) => {
        if (panel.current?.contains(e.relatedTarget as Node | null)) return;
        focused.current = false;
        if (isOpen.current) restart();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Cart updated
        </h2>
        <button
          type="button"
          className={styles.close}
          onClick={() => close()}
          aria-label="Close cart"
        >
          ×
        </button>
      </div>
      {cart ? (
        <>
          <ul className={styles.lines}>
            {cart.items.slice(-3).map((line) => (
              <li key={line.id} className={styles.line}>
                <span>{line.label}</span>
                {line.unavailable ? (
                  <span>Not in this order</span>
                ) : (
                  <Price {...line.price} siteVersion={cart.site_version} />
                )}
              </li>
            ))}
            {count > 3 ? <li className={styles.more}>and {count - 3} more</li> : null}
          </ul>
          <p className={styles.total}>
            {count} {count === 1 ? 'item' : 'items'}, due today{' '}
            <Price {...cart.totals.due_today} siteVersion={cart.site_version} />
          </p>
          <Link prefetch={false} href="/cart" className={styles.link} onClick={() => close(false)}>
            View cart
          </Link>{' '}
          <Link
            prefetch={false}
            href="/checkout"
            className={styles.link}
            onClick={() => close(false)}
          >
            Check out
          </Link>
        </>
      ) : null}
    </div>
  );
}
