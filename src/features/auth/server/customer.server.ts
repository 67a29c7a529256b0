import 'server-only';
import type { NextRequest } from 'next/server';
import type { CartView } from '@/features/cart/server/cart-pricing.server';
import { cartContext, readCart } from '@/features/cart/server/cart-service.server';

export type CustomerCart = CartView;

/**
 * The cart part of GET /api/customer: the signed-in customer's cart, else the session's, priced
 * in the site version of the request (the same answer as GET /api/cart).
 */
export async function customerCart(request: NextRequest): Promise<CustomerCart> {
  return readCart(await cartContext(request));
}
