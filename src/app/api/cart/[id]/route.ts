import type { NextRequest } from 'next/server';
import { ApiError } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { itemIdSchema, updateItemSchema } from '@/features/cart/schemas';
import { cartResponse } from '@/features/cart/server/cart-response.server';
import { cartContext, changeItem, removeItem } from '@/features/cart/server/cart-service.server';

type Context = { params: Promise<{ id: string }> };

async function itemId(context: Context): Promise<string> {
  const parsed = itemIdSchema.safeParse((await context.params).id);
  if (!parsed.success) {
    throw new ApiError(404, 'cart_item_not_found', 'That line is not in your cart.');
  }
  return parsed.data;
}

/** Changes the years of a registration or the users of a plan; answers the whole cart. */
export const PUT = apiRoute<Context>(async (request: NextRequest, context) => {
  const id = await itemId(context);
  const input = await readJson(request, updateItemSchema);
  const ctx = await cartContext(request);
  return cartResponse(request, ctx, await changeItem(request, ctx, id, input));
});

/** Removes a line (and releases its number); answers the whole cart. */
export const DELETE = apiRoute<Context>(async (request: NextRequest, context) => {
  const id = await itemId(context);
  const ctx = await cartContext(request);
  return cartResponse(request, ctx, await removeItem(request, ctx, id));
});

export const GET = methodNotAllowed(['PUT', 'DELETE']);
export const POST = GET;
export const PATCH = GET;
