import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { orderListQuerySchema } from '@/features/store-admin/orders/schemas';
import { listAdminOrders } from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * The store's orders, newest first (orders.read): `?q&status&provider&from&to&limit&cursor` ->
 * `{orders: [...], next_cursor}`.
 */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'orders.read');
  return dataResponse(await listAdminOrders(staff, readQuery(request, orderListQuerySchema)));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
