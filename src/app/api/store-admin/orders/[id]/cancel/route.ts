import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import {
  adminCancelOrder,
  adminOrderNotFound,
} from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** Cancels an unpaid order: `{order}`; 409 `order_not_cancellable`. */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'orders.cancel');
  return dataResponse(await adminCancelOrder(staff, await pathId(context, adminOrderNotFound)));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
