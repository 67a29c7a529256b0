'use client';
import Link from 'next/link';
import useSWR from 'swr';
import { useCustomer } from '@/features/auth/hooks/use-customer';
import { CART_KEY, type Cart } from '@/features/cart/cart-types';
import { fetchCart } from '@/features/cart/hooks/use-cart';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './cart-link.module.css';

/**
 * The header's cart link with how many lines the cart holds. The header is cached for every
 * visitor, so the count arrives in the browser: from the customer lookup the header makes anyway
 * (no request without a session), then from every cart call this tab makes, which keep the cart
 * in SWR's cache.
 */
export function CartLink({ className }: { className?: string }) {
  const customer = useCustomer();
  // Never asks on its own. Still with the cart's fetcher: SWR revalidates a key through the
  // first hook that mounted it, which is this one (the header comes first), so a page's
  // mutate() of the cart would fetch nothing without it.
  const { data: cart } = useSWR<Cart>(CART_KEY, fetchCart, {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const hydrated = useHydrated();
  const count = hydrated ? (cart?.items.length ?? customer.data?.cart.items.length ?? 0) : 0;
  return (
    <Link prefetch={false} href="/cart" className={className} data-count={count}>
      Cart
      {count > 0 ? (
        <>
          {' '}
          <span className={styles.count}>{count}</span>
          <span className={styles.hidden}>{count === 1 ? ' line' : ' lines'}</span>
        </>
      ) : null}
    </Link>
  );
}
