import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { addItemSchema } from '@/features/cart/schemas';
import { cartResponse } from '@/features/cart/server/cart-response.server';
import { addItem } from '@/features/cart/server/cart-add.server';
import { cartContext, readCart } from '@/features/cart/server/cart-service.server';

/** The visitor's cart, priced in the site version they look at. */
export const GET = apiRoute(async (request) => {
  const ctx = await cartContext(request);
  return cartResponse(request, ctx, await readCart(ctx));
});

/** Adds a domain registration or transfer, a number or a plan; answers the whole cart. */
export const POST = apiRoute(async (request) => {
  const input = await readJson(request, addItemSchema);
  const ctx = await cartContext(request);
  return cartResponse(request, ctx, await addItem(request, ctx, input));
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
