import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { expectedVersion } from '@/lib/http/if-match';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { callerOf } from '@/features/access/server/caller.server';
import { CANNOT_BUY, canBuy } from '@/features/cart/buying-role';
import { cartEtag } from '@/features/cart/cart-types';
import { addItemSchema } from '@/features/cart/schemas';
import { addItem } from '@/features/cart/server/cart-add.server';
import { cartScope, readCart } from '@/features/cart/server/cart-service.server';
import { accountHoldsDomain } from '@/features/services/server/services.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The visitor's cart, priced in the site version they look at. */
export const GET = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const cart = await readCart(await cartScope(ctx));
  return withSessionCookies(dataResponse(cart, { headers: cartEtag(cart) }), ctx);
});

/**
 * Adds a domain registration or transfer, a number or a plan; answers the whole cart. A signed-in
 * member whose role may not buy (billing.manage) is refused 403 before anything is held: a number
 * they cannot pay for would be kept from other shoppers for 15 minutes (docs/decisions/0327).
 */
export const POST = apiRoute(async (request) => {
  const input = await readJson(request, addItemSchema);
  const ctx = await requestContext(requestInput(request));
  const caller = await callerOf(ctx);
  if (caller && !canBuy(caller.role)) throw new ApiError(403, 'forbidden', CANNOT_BUY);
  const scope = await cartScope(ctx);
  const userId = 'userId' in scope.owner ? scope.owner.userId : null;
  const holdsDomain = userId
    ? (domain: string) => accountHoldsDomain({ userId, storeKey: ctx.store.key, domain })
    : undefined;
  const expected = expectedVersion(request, input.version);
  const cart = await addItem({ ...scope, holdsDomain }, input, expected);
  return withSessionCookies(dataResponse(cart, { headers: cartEtag(cart) }), ctx);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
