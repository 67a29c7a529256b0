'use client';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { onCartChange } from '@/features/cart/cart-flash';
import type { Cart } from '@/features/cart/cart-types';
import { useCartActions } from '@/features/cart/hooks/use-cart';
import { useCannotBuy } from './buying-role-note';
import styles from './shop.module.css';

/** Whether the cart still has the line of a number, plan or domain added as `item`. */
function stillInCart(cart: Cart, item: Record<string, unknown>): boolean {
  return cart.items.some(
    (line) =>
      (item.number !== undefined && line.number === item.number) ||
      (item.plan !== undefined && line.plan === item.plan) ||
      (item.domain !== undefined && line.domain === item.domain && line.type === item.type),
  );
}

/**
 * Adds one item with the flash option (the fly-out opens) and says what went wrong if it fails.
 * Rendered with its page on the server, it stays disabled until the page's script has loaded, so
 * a click is never lost. Its visible word starts its accessible name ("Add" in "Add example.com
 * to cart"), so what a speech user reads off the screen is what they say (WCAG 2.5.3).
 */
export function AddToCartButton({
  item,
  what,
  disabled = false,
}: {
  /**
   * What is added; a function when it is read from a field at the click, answering the field's
   * error instead when it holds no valid value (nothing is sent then).
   */
  item: Record<string, unknown> | (() => { item: Record<string, unknown> } | { error: string });
  /** What is added, as people read it: "example.com", "the Business plan". */
  what: string;
  disabled?: boolean;
}) {
  const call = useCartActions();
  const hydrated = useHydrated();
  // A member whose role may not buy: POST /api/cart would refuse them (decision 0332).
  const cannotBuy = useCannotBuy();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  // Removed again on this page (the dashboard's order so far, docs/decisions/0327): "Add" again.
  useEffect(() => {
    if (!added || typeof item === 'function') return;
    return onCartChange((cart) => {
      if (!stillInCart(cart, item)) setAdded(false);
    });
  }, [added, item]);

  async function add() {
    if (busy) return;
    const made = typeof item === 'function' ? item() : { item };
    if ('error' in made) {
      setError(made.error);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await call('post', '/api/cart', made.item, { flash: true });
    setBusy(false);
    if (result.ok) setAdded(true);
    else setError(result.message);
  }

  return (
    <span className={styles.actions}>
      <button
        type="button"
        className={styles.button}
        // Busy is aria-disabled, not disabled: a disabled button drops focus, and the fly-out
        // must be able to hand focus back to it.
        disabled={disabled || !hydrated || cannotBuy}
        aria-disabled={busy || undefined}
        aria-label={`${added ? 'Added' : 'Add'} ${what} to cart`}
        onClick={() => void add()}
      >
        {added ? 'Added' : 'Add'}
      </button>
      <span role="status" className={styles.error}>
        {error}
      </span>
    </span>
  );
}
