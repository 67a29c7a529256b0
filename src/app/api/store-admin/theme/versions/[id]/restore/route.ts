import { z } from 'zod';
import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { restoreThemeVersion } from '@/features/store-admin/theme/server/theme-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

const noVersion = () => new ApiError(404, 'not_found', 'This store has no such theme version.');

/**
 * Restores an earlier version: it is published again as a new version (201 with it) and becomes
 * the draft. 404 `not_found` for an id of no version of this store.
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'theme.publish');
  const id = await pathId(context, noVersion);
  await readOptionalJson(request, z.strictObject({}));
  return dataResponse(await restoreThemeVersion(staff, id), { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
