import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { markupSchema } from '@/features/store-admin/prices/schemas';
import { applyMarkup } from '@/features/store-admin/prices/server/prices.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Cost + N % on many TLDs at once (owners): `{site_version, percent, rounding: '49'|'99'|'none',
 * tlds?, actions?}` -> `{items}`.
 */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'prices.write');
  const input = await readJson(request, markupSchema, 64 * 1024);
  return dataResponse(await applyMarkup(staff, input));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
