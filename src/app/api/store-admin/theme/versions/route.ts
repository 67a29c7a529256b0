import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { themeVersions } from '@/features/store-admin/theme/server/theme-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** The store's published versions, newest first: `{versions: [...]}`. */
export const GET = apiRoute(async (request) =>
  dataResponse(await themeVersions(await requireStaff(requestInput(request), 'theme.edit'))),
);

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
