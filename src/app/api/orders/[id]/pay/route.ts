import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { payAgain } from '@/features/checkout/server/payment-actions.server';
import { accountScope, checkoutScope } from '@/features/checkout/server/scope.server';
import { orderNotFound } from '@/features/orders/server/orders.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** A new payment attempt for an order awaiting payment: 201 `{payment}`. */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const id = await pathId(context, orderNotFound);
  const input = requestInput(request);
  const scope = await checkoutScope(await requestContext(input), input);
  return dataResponse({ payment: await payAgain(accountScope(scope), id) }, { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
