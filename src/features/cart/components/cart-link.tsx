'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { XSRF_COOKIE } from '@/lib/http/cookie-names';
import { CART_KEY, type Cart } from '../cart-types';
import styles from './cart-link.module.css';

/** The cart without the HTTP client, so a page that never changes the cart stays light. */
async function readCart(url: string): Promise<Cart> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return ((await response.json()) as { data: Cart }).data;
}

/**
 * The header's cart link with how many lines the cart holds. The header is cached for every
 * visitor, so the count arrives in the browser: from the cart this tab already has, or asked for
 * once when the visitor has a session (the CSRF cookie says so; a visitor without one has no
 * cart, and asking would make them a session).
 */
export function CartLink({ className }: { className?: string }) {
  const { cache } = useSWRConfig();
  const { data, mutate } = useSWR<Cart>(CART_KEY, readCart, {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });
  // Shown after hydration only: the server's header has no count.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const session = document.cookie.split('; ').some((c) => c.startsWith(`${XSRF_COOKIE}=`));
    // Once, on arrival: later changes reach SWR's cache through the cart calls themselves.
    if (session && cache.get(CART_KEY)?.data === undefined) void mutate();
  }, [cache, mutate]);
  const count = hydrated ? (data?.items.length ?? 0) : 0;
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
