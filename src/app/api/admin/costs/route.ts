import { dataResponse } from '@/lib/http/api-response';
import { operatorMethodNotAllowed, operatorRoute } from '@/lib/http/operator';
import { readJson } from '@/lib/http/read-json';
import { costsPutSchema } from '@/features/store-admin/prices/schemas';
import { listCosts, putCosts } from '@/features/store-admin/prices/server/prices.server';

/** Operator call: the platform's wholesale costs -> `{costs: [{kind, item, site_version, action, cost, updated_at}]}`. */
export const GET = operatorRoute(async () => dataResponse(await listCosts()));

/** Operator call: sets costs `{costs: [{kind, item, site_version, action, cost}]}` -> every cost. */
export const PUT = operatorRoute(async (request) => {
  const input = await readJson(request, costsPutSchema, 256 * 1024);
  return dataResponse(await putCosts(input));
});

export const POST = operatorMethodNotAllowed(['GET', 'PUT']);
export const PATCH = POST;
export const DELETE = POST;
