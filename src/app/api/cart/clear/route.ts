import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { cartResponse } from '@/features/cart/server/cart-response.server';
import { cartContext, clearCart } from '@/features/cart/server/cart-service.server';

/**
 * Empties the cart. A static segment, so Next routes DELETE /api/cart/clear here and never to
 * /api/cart/[id].
 */
export const DELETE = apiRoute(async (request) => {
  const ctx = await cartContext(request);
  return cartResponse(request, ctx, await clearCart(request, ctx));
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
