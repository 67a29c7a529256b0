'use client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiErrorMessage } from '../api-error-message';
import { cartChanged, flashCart } from '../cart-flash';
import { rememberPrices } from '../cart-prices-seen';
import { CART_KEY, type Cart } from '../cart-types';

export async function fetchCart(url: string): Promise<Cart> {
  // Loaded on first use so pages that never touch the cart keep the HTTP client out.
  const { browserApi } = await import('@/lib/browser-api');
  return (await browserApi.get(url)).data.data;
}

/** The visitor's cart, from GET /api/cart. */
export function useCart(initial?: Cart) {
  const { cache } = useSWRConfig();
  // A page rendered with the cart passes it. On the page's first load it is the freshest cart
  // there is (read for this very request), so it is not asked for again on arrival: that request
  // loaded the HTTP client and made a long task. Once this tab has a cart of its own in SWR's cache
  // (an earlier page of the visit), the cache wins over the page's cart, so it is asked for as
  // before. Focus and every change keep it fresh either way.
  const firstCart = initial !== undefined && cache.get(CART_KEY) === undefined;
  return useSWR(
    CART_KEY,
    fetchCart,
    initial ? { fallbackData: initial, revalidateOnMount: !firstCart } : undefined,
  );
}

export type CartCallResult = { ok: true; cart: Cart } | { ok: false; message: string };

/**
 * Cart changes. Each call answers the whole cart, which replaces the cached one at once; with
 * `flash` the fly-out opens (docs/contract/brands-and-hosts.md).
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
        // The answer's prices are what the shopper is shown now (the fly-out, the cart page).
        rememberPrices(cart);
        cartChanged(cart);
        if (options.flash) flashCart(cart);
        return { ok: true, cart };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error) };
      }
    },
    [mutate],
  );
}
