import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { orderNotFound } from '@/features/orders/server/orders.server';
import { payOrder } from '@/features/purchase/server/payment-actions.server';
import { requestContext } from '@/features/session/server/request-context.server';

const body = z.strictObject({
  payment_method_id: z.uuid('must be the id of one of your payment methods').optional(),
});

/**
 * A new payment attempt for an order awaiting payment: no body or `{}` -> 201 `{payment}` to pay
 * on its page; `{payment_method_id}` -> paid at once with that kept method (402
 * `payment_declined` otherwise). 409 `order_not_payable` when the order takes no payment.
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.manage');
  const id = await pathId(context, orderNotFound);
  const { payment_method_id } = await readOptionalJson(request, body);
  const payment = await payOrder(caller, id, { paymentMethodId: payment_method_id });
  return dataResponse({ payment }, { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
