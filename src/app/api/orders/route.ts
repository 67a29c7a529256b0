import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readIdempotencyKey } from '@/lib/http/idempotency-key';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { orderBodySchema } from '@/features/checkout/schemas';
import { placeOrder } from '@/features/checkout/server/place-order.server';
import { accountOrders } from '@/features/orders/server/orders.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The account's orders in this store, newest first. */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const orders = await accountOrders(caller);
  return dataResponse({
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      currency: o.currency,
      totals: { net: o.totalNet, vat: o.totalVat, gross: o.totalGross },
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
    })),
  });
});

/**
 * Places an order from the confirmed cart version (Idempotency-Key required): 201
 * `{order, payment}`; the same key and body answer the same again.
 */
export const POST = apiRoute(async (request) => {
  const key = readIdempotencyKey(request, { required: true });
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.manage');
  const body = await readJson(request, orderBodySchema);
  const answer = await placeOrder(caller, key, body);
  return dataResponse(answer.body.data, { status: answer.status });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
