import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { refundSchema } from '@/features/store-admin/orders/schemas';
import {
  adminOrderNotFound,
  adminRefundOrder,
} from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Refunds a paid order through its provider (owners): `{lines?}` -> 201 `{credit_note}`;
 * 409 `order_not_refundable`, `already_refunded`; 422 for lines not of the order.
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'orders.refund');
  const id = await pathId(context, adminOrderNotFound);
  const input = await readOptionalJson(request, refundSchema);
  return dataResponse(await adminRefundOrder(staff, id, input), { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
