import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { payAgain } from '@/features/checkout/server/payment-actions.server';
import { orderNotFound } from '@/features/orders/server/orders.server';
import { payWithKeptMethod } from '@/features/renewals/server/pay-bill.server';
import { requestContext } from '@/features/session/server/request-context.server';

const withMethod = z.strictObject({
  payment_method_id: z.uuid('must be the id of one of your payment methods'),
});

/**
 * A new payment attempt for an order awaiting payment: 201 `{payment}` to pay on its page; with
 * `{payment_method_id}`, paid at once with that kept method (402 `payment_declined` otherwise).
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const id = await pathId(context, orderNotFound);
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.manage');
  const hasBody =
    Number(request.headers.get('content-length') ?? '0') > 0 || request.headers.has('content-type');
  if (!hasBody) return dataResponse({ payment: await payAgain(caller, id) }, { status: 201 });
  const { payment_method_id } = await readJson(request, withMethod);
  return dataResponse(
    { payment: await payWithKeptMethod(caller, id, payment_method_id) },
    { status: 201 },
  );
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
