import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { auditQuerySchema } from '@/features/store-admin/schemas';
import { auditPage } from '@/features/store-admin/server/staff-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * The admin's audit, newest first (owners): `?limit=1..100&cursor=` ->
 * `{entries: [{id, at, actor, ip, action, target, before, after}], next_cursor}`.
 */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'audit.read');
  return dataResponse(await auditPage(staff, readQuery(request, auditQuerySchema)));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
