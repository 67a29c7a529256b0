import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { staffMe } from '@/features/store-admin/server/staff-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** The staff member at work: `{store, staff: {id, role, email, name}, permissions, sections}`. */
export const GET = apiRoute(async (request) =>
  dataResponse(staffMe(await requireStaff(requestInput(request), null))),
);

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
