import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { orderDetail } from '@/features/purchase/server/payment-actions.server';
import { orderNotFound } from '@/features/orders/server/orders.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** One of the account's orders with its payments and invoice id; 404 for any other. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const id = await pathId(context, orderNotFound);
  return dataResponse(await orderDetail(caller, id));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
