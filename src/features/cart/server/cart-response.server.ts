import 'server-only';
import type { NextRequest } from 'next/server';
import { dataResponse } from '@/lib/http/api-response';
import { setSessionCookies } from '@/features/auth/server/session.server';
import type { CartView } from './cart-pricing.server';
import type { CartContext } from './cart-service.server';

/**
 * `{data: cart}` with the version as an ETag (for If-Match), and the session cookies when this
 * call made the session.
 */
export async function cartResponse(
  request: NextRequest,
  ctx: CartContext,
  cart: CartView,
  status = 200,
) {
  const response = dataResponse(cart, { status, headers: { etag: `"${cart.version}"` } });
  if (ctx.handle.created) await setSessionCookies(response, request, ctx.handle);
  return response;
}
