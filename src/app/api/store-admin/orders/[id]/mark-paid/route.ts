import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import {
  adminMarkPaid,
  adminOrderNotFound,
} from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** The bank transfer arrived (manual orders): `{order}`; 409 `not_a_bank_transfer`, `order_not_payable`. */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'orders.mark_paid');
  return dataResponse(await adminMarkPaid(staff, await pathId(context, adminOrderNotFound)));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
