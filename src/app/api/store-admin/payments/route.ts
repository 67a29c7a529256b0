import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { paymentsState } from '@/features/store-admin/payments/server/payments-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Who is paid for the store's orders and named on its invoices (owners):
 * `{merchant_of_record: 'platform'|'store', account, supplier}`.
 */
export const GET = apiRoute(async (request) =>
  dataResponse(await paymentsState(await requireStaff(requestInput(request), 'payouts.manage'))),
);

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
