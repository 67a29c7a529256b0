import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { z } from 'zod';
import { publishTheme } from '@/features/store-admin/theme/server/theme-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Publishes the draft: 201 with the new version; shoppers on every instance see it on their
 * next page. 200 with the latest version when the draft is what shoppers see already (no new
 * version). 422 `contrast_too_low` when the draft is unreadable.
 */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'theme.publish');
  await readOptionalJson(request, z.strictObject({}));
  const { version, created } = await publishTheme(staff);
  return dataResponse(version, { status: created ? 201 : 200 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
