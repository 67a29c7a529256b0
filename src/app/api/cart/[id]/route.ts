import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { expectedVersion } from '@/lib/http/if-match';
import { readJson, readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { cartEtag } from '@/features/cart/cart-types';
import { itemIdSchema, removeSchema, updateItemSchema } from '@/features/cart/schemas';
import { cartScope, changeItem, removeItem } from '@/features/cart/server/cart-service.server';
import { requestContext } from '@/features/session/server/request-context.server';

type Context = { params: Promise<{ id: string }> };

async function itemId(context: Context): Promise<string> {
  const parsed = itemIdSchema.safeParse((await context.params).id);
  if (!parsed.success) {
    throw new ApiError(404, 'cart_item_not_found', 'That line is not in your cart.');
  }
  return parsed.data;
}

/** Changes the years of a registration or the users of a plan; answers the whole cart. */
export const PUT = apiRoute<Context>(async (request, context) => {
  const id = await itemId(context);
  const input = await readJson(request, updateItemSchema);
  const ctx = await requestContext(requestInput(request));
  const expected = expectedVersion(request, input.version);
  const cart = await changeItem(await cartScope(ctx), id, input, expected);
  return withSessionCookies(dataResponse(cart, { headers: cartEtag(cart) }), ctx);
});

/** Removes a line (and releases its number); answers the whole cart. */
export const DELETE = apiRoute<Context>(async (request, context) => {
  const id = await itemId(context);
  const input = await readOptionalJson(request, removeSchema);
  const expected = expectedVersion(request, input.version);
  const ctx = await requestContext(requestInput(request));
  const cart = await removeItem(await cartScope(ctx), id, expected);
  return withSessionCookies(dataResponse(cart, { headers: cartEtag(cart) }), ctx);
});

export const GET = methodNotAllowed(['PUT', 'DELETE']);
export const POST = GET;
export const PATCH = GET;
