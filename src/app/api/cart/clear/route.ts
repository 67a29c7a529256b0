import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { expectedVersion } from '@/lib/http/if-match';
import { readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { cartEtag } from '@/features/cart/cart-types';
import { removeSchema } from '@/features/cart/schemas';
import { cartScope, clearCart } from '@/features/cart/server/cart-service.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Empties the cart. A static segment, so Next routes DELETE /api/cart/clear here and never to
 * /api/cart/[id].
 */
export const DELETE = apiRoute(async (request) => {
  const input = await readOptionalJson(request, removeSchema);
  const expected = expectedVersion(request, input.version);
  const ctx = await requestContext(requestInput(request));
  const cart = await clearCart(await cartScope(ctx), expected);
  return withSessionCookies(dataResponse(cart, { headers: cartEtag(cart) }), ctx);
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
