'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { Price } from '@/features/pricing/components/price';
import type { Cart } from '@/features/cart/cart-types';
import { useCart } from '@/features/cart/hooks/use-cart';
import {
  OrderLines,
  RemovalError,
  RemovalMessage,
  useRemoveLine,
} from '@/features/cart/components/order-lines';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './dashboard.module.css';

/**
 * "Your order so far" on the dashboard's Numbers and Plans pages: what has been added and not yet
 * paid, each line with Remove, and the way to the checkout (docs/decisions/0327). A dashboard-only
 * brand has no cart page or cart badge, so this is where its customer sees what they are about to
 * buy; a shop brand's customer is also offered their cart. It follows the page's adds at once (the
 * shared cart cache), and a removed number is offered again in the list below (the page is
 * rendered again: the number's hold is released).
 */
export function OrderSoFar({ initial, shop }: { initial: Cart; shop: boolean }) {
  const { data } = useCart(initial);
  const cart = data ?? initial;
  const router = useRouter();
  const ready = useHydrated();
  const after = useCallback(() => router.refresh(), [router]);
  const { remove, removing, removal, error, done } = useRemoveLine(after);
  const lines = cart.items.length;
  return (
    <section aria-labelledby="order-so-far" data-testid="order-so-far">
      <h3 id="order-so-far">Your order so far</h3>
      <RemovalMessage
        removal={removal}
        cart={cart}
        done={done}
        numberBack="It can be chosen again, among the available numbers."
      />
      <RemovalError error={error} />
      {lines === 0 ? (
        <p className={styles.empty}>
          Nothing added yet. What you add appears here until you pay; a number is held for you for
          15 minutes.
        </p>
      ) : (
        <OrderLines
          cart={cart}
          removing={removing}
          ready={ready}
          onRemove={remove}
          foot={
            <span>
              Due today <Price {...cart.totals.due_today} siteVersion={cart.site_version} />.{' '}
              <Link prefetch={false} href="/checkout">
                Go to the checkout
              </Link>
              {shop ? (
                <>
                  {' '}
                  or{' '}
                  <Link prefetch={false} href="/cart">
                    see your cart
                  </Link>
                </>
              ) : null}
              : what you buy appears on this page once paid.
            </span>
          }
        />
      )}
    </section>
  );
}
