import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import {
  adminOrderDetail,
  adminOrderNotFound,
} from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** An order of the store (orders.read): `{order, payments, invoice, credit_notes, can}`; 404. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'orders.read');
  return dataResponse(await adminOrderDetail(staff, await pathId(context, adminOrderNotFound)));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
