import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { storeContext } from '@/features/session/server/request-context.server';
import { storePayload } from '@/features/tenancy/store-payload';

/** The request's store: config, theme, variables, TLD prices and brand keyword. */
export const GET = apiRoute(async (request) => {
  const { store, siteVersion } = await storeContext(requestInput(request));
  return dataResponse(storePayload(store, siteVersion));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
