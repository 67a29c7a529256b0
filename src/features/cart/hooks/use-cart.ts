'use client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiErrorMessage } from '../api-error-message';
import { flashCart } from '../cart-flash';
import { CART_KEY, type Cart } from '../cart-types';

async function fetchCart(url: string): Promise<Cart> {
  // Loaded on first use so pages that never touch the cart keep the HTTP client out.
  const { browserApi } = await import('@/lib/browser-api');
  return (await browserApi.get(url)).data.data;
}

/** The visitor's cart, from GET /api/cart. */
export function useCart(initial?: Cart) {
  // A page rendered with the cart passes it: shown at once and not asked for again on arrival
  // (it was read for this very request), then kept fresh as usual: on focus, and after every
  // change. Asking again at once cost the page the HTTP client's download and a long task.
  return useSWR(
    CART_KEY,
    fetchCart,
    initial ? { fallbackData: initial, revalidateOnMount: false } : undefined,
  );
}

export type CartCallResult = { ok: true; cart: Cart } | { ok: false; message: string };

/**
 * Cart changes. Each call answers the whole cart, which replaces the cached one at once; with
 * `flash` the fly-out opens (SPEC section 4).
 */
export function useCartActions() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (
      method: 'post' | 'put' | 'delete',
      url: string,
      body?: unknown,
      options: { flash?: boolean } = {},
    ): Promise<CartCallResult> => {
      try {
        const { browserApi } = await import('@/lib/browser-api');
        const response = await browserApi.request({ method, url, data: body });
        const cart: Cart = response.data.data;
        await mutate(CART_KEY, cart, { revalidate: false });
        if (options.flash) flashCart(cart);
        return { ok: true, cart };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error) };
      }
    },
    [mutate],
  );
}
