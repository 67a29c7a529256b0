import { dataResponse } from '@/lib/http/api-response';
import { operatorMethodNotAllowed, operatorRoute } from '@/lib/http/operator';
import { readJson } from '@/lib/http/read-json';
import { createStore, storeCreateSchema } from '@/features/tenancy/server/store-admin.server';

/**
 * Operator call: makes a white-label store reached by `host`: `{host, store_name, keyword?}` ->
 * 201 the store's id and settings; 409 `host_taken`.
 */
export const POST = operatorRoute(async (request) => {
  const input = await readJson(request, storeCreateSchema);
  return dataResponse(await createStore(input), { status: 201 });
});

export const GET = operatorMethodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
