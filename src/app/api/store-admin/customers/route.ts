import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { customerListQuerySchema } from '@/features/store-admin/orders/schemas';
import { listAdminCustomers } from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** The store's customers, newest first (customers.read): `?q&limit&cursor`. */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'customers.read');
  return dataResponse(await listAdminCustomers(staff, readQuery(request, customerListQuerySchema)));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
