import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { storeDefaultTemplateSchema } from '@/features/dns/schemas';
import {
  setStoreDefault,
  storeDefaultView,
} from '@/features/store-admin/dns/server/store-default.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * The store's default DNS template for new zones (owners; docs/decisions/0250).
 * GET -> `{template, templates:[{id, name, description, records}]}`.
 */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'dns.templates');
  return dataResponse(await storeDefaultView(staff));
});

/** PUT `{template}` -> the same as GET; 422 `unknown_template` with `fields.template`. */
export const PUT = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'dns.templates');
  const input = await readJson(request, storeDefaultTemplateSchema, 4 * 1024);
  return dataResponse(await setStoreDefault(staff, input));
});

export const POST = methodNotAllowed(['GET', 'PUT']);
export const PATCH = POST;
export const DELETE = POST;
