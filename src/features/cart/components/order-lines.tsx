'use client';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Price } from '@/features/pricing/components/price';
import type { Cart, CartLine } from '../cart-types';
import { useCartActions } from '../hooks/use-cart';
import { linesKey, removalText, type Removal } from '../removal-message';
import styles from './order-lines.module.css';

const KIND: Record<CartLine['type'], string> = {
  domain_registration: 'Domain registration',
  domain_transfer: 'Domain transfer',
  number: 'Phone number',
  plan: 'Call plan',
};

/**
 * The lines of the order being prepared (the cart), each with its price and a Remove: where a
 * dashboard-only brand, which has no cart page, shows what is about to be bought, and the
 * checkout's summary (docs/decisions/0327). A line left out of the order (a hold that ended, a
 * line not sold in this currency) says so instead of a price, and can be removed too.
 */
export function OrderLines({
  cart,
  removing,
  ready,
  onRemove,
  foot,
}: {
  cart: Cart;
  /** The line whose removal is under way: its button waits. */
  removing: string | null;
  /** False until the page has hydrated: a click before then would be lost. */
  ready: boolean;
  onRemove: (line: CartLine) => void;
  /** Under the lines, on one row that wraps: what is due today, the ways on. */
  foot?: ReactNode;
}) {
  return (
    <>
      <ul className={styles.lines}>
        {cart.items.map((line) => (
          <li key={line.id} className={styles.line} data-order-line={line.label}>
            <span className={styles.what}>
              <strong>{line.label}</strong>
              <span className={styles.meta}>
                {KIND[line.type]}
                {line.years ? `, ${line.years} ${line.years === 1 ? 'year' : 'years'}` : ''}
                {line.users ? `, ${line.users} ${line.users === 1 ? 'user' : 'users'}` : ''}
              </span>
            </span>
            <PriceAndRemove line={line} removing={removing} ready={ready} onRemove={onRemove}>
              {line.unavailable ? (
                <span className={styles.meta}>Not in this order</span>
              ) : (
                <Price {...line.price} siteVersion={cart.site_version} />
              )}
            </PriceAndRemove>
          </li>
        ))}
      </ul>
      {foot ? <p className={styles.foot}>{foot}</p> : null}
    </>
  );
}

/**
 * A line's price (`children`, as the page writes it) and its Remove, wrapping under each other on
 * a narrow line: the order's lines here and the checkout's review list.
 */
export function PriceAndRemove({
  line,
  removing,
  ready,
  disabled = false,
  onRemove,
  children,
}: {
  line: CartLine;
  removing: string | null;
  ready: boolean;
  /** Held back for another reason (the order being placed). */
  disabled?: boolean;
  onRemove: (line: CartLine) => void;
  children: ReactNode;
}) {
  return (
    <span className={styles.end}>
      {children}
      <button
        type="button"
        className={styles.remove}
        // The visible word starts the name (WCAG 2.5.3); the rest says which line.
        aria-label={`Remove ${line.label}`}
        disabled={!ready || disabled}
        aria-disabled={removing === line.id || undefined}
        onClick={() => {
          if (removing === null) onRemove(line);
        }}
      >
        Remove
      </button>
    </span>
  );
}

export type { Removal };

/**
 * Removing a line: DELETE /api/cart/{id} (which releases a number's hold), the page's cart
 * updated through the shared cart cache, then `after` with the new cart. What happened is said in
 * a paragraph that takes the focus, as the Remove pressed is gone; a refusal is said without
 * moving the focus.
 */
export function useRemoveLine(after: (cart: Cart, removal: Removal) => void | Promise<void>) {
  const call = useCartActions();
  const [removing, setRemoving] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useRef<HTMLParagraphElement | null>(null);
  const remove = useCallback(
    async (line: CartLine) => {
      setRemoving(line.id);
      setError(null);
      const result = await call('delete', `/api/cart/${line.id}`);
      if (!result.ok) {
        setRemoving(null);
        setError(result.message);
        return;
      }
      const next: Removal = {
        label: line.label,
        number: line.type === 'number',
        left: linesKey(result.cart),
      };
      await after(result.cart, next);
      setRemoving(null);
      setRemoval(next);
    },
    [call, after],
  );
  // After the render that shows the message (and drops the line's button). An effect, so that a
  // page moving its own focus in the same change (the checkout's step heading) yields to it when
  // it calls this hook after its own effect.
  useEffect(() => {
    if (removal) done.current?.focus();
  }, [removal]);
  return { remove, removing, removal, error, done };
}

/**
 * What a removal did, as a paragraph that takes the focus; nothing before one, and nothing once
 * the order has changed again (an add: the message would sit above the line it says is gone).
 */
export function RemovalMessage({
  removal,
  cart,
  done,
  numberBack,
  emptySaid = false,
}: {
  removal: Removal | null;
  /** The order as the page shows it now. */
  cart: Cart;
  done: RefObject<HTMLParagraphElement | null>;
  /** What is said of a removed number: where it can be found again. */
  numberBack: string;
  /** The page says the order is empty itself (the checkout's empty order). */
  emptySaid?: boolean;
}) {
  const text = removalText(removal, cart, { numberBack, emptySaid });
  if (!text) return null;
  return (
    <p ref={done} tabIndex={-1} className={styles.done} data-testid="removed">
      {text}
    </p>
  );
}

/** A refused removal, said beside the lines (the focus stays on the Remove pressed). */
export function RemovalError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className={styles.error}>
      {error}
    </p>
  );
}
