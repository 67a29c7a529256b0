import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { readQuery } from '@/lib/http/read-query';
import { requestInput } from '@/lib/http/request-input';
import { pricesPutSchema, pricesQuerySchema } from '@/features/store-admin/prices/schemas';
import { changePrices, listPrices } from '@/features/store-admin/prices/server/prices.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * The store's TLD prices with the platform's cost and the margin (owners):
 * `?site_version=1|2` -> `{items: [{site_version, currency, tld, enabled, featured,
 * prices: {register|renew|transfer|restore: {price, cost, margin}}}]}`.
 */
export const GET = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'prices.read');
  const query = readQuery(request, pricesQuerySchema);
  return dataResponse(await listPrices(staff, query.site_version));
});

/**
 * Changes prices and enabled, all or nothing (owners): `{changes: [{site_version, tld, register?,
 * renew?, transfer?, restore?, enabled?}]}` -> `{items}`; 422 `below_cost` naming each field.
 */
export const PUT = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'prices.write');
  const input = await readJson(request, pricesPutSchema, 64 * 1024);
  return dataResponse(await changePrices(staff, input));
});

export const POST = methodNotAllowed(['GET', 'PUT']);
export const PATCH = POST;
export const DELETE = POST;
