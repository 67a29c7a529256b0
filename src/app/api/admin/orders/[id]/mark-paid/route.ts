import { dataResponse } from '@/lib/http/api-response';
import { operatorMethodNotAllowed, operatorRoute } from '@/lib/http/operator';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { markPaidByOperator } from '@/features/purchase/server/payment-actions.server';
import { orderNotFound } from '@/features/orders/server/orders.server';

/**
 * Operators (bearer ADMIN_API_TOKEN): the bank transfer for an order arrived. Finishes the order
 * once (paid, invoiced, fulfilled, receipt sent): `{order}`; 409 when it takes no payment.
 */
export const POST = operatorRoute<IdContext>(async (_request, context) => {
  const id = await pathId(context, orderNotFound);
  return dataResponse({ order: await markPaidByOperator(id) });
});

export const GET = operatorMethodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
