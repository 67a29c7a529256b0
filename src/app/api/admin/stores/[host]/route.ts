import type { NextRequest } from 'next/server';
import { ApiError, dataResponse, errorResponse } from '@/lib/http/api-response';
import { methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { getEnv } from '@/lib/env';
import { secureEqual } from '@/lib/secure-compare';
import { normaliseHost } from '@/lib/http/host';
import { changeStore, storeChangeSchema } from '@/features/tenancy/server/store-admin.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import { storePayload } from '@/features/tenancy/store-payload';

type Context = { params: Promise<{ host: string }> };

/**
 * Operator call: change a white-label store's name, theme or variables. Authorised by
 * `Authorization: Bearer <ADMIN_API_TOKEN>` (no cookies, so no CSRF exposure); without a
 * configured token the call does not exist.
 */
async function patch(request: NextRequest, { params }: Context): Promise<Response> {
  const token = getEnv().ADMIN_API_TOKEN;
  if (!token) throw new ApiError(404, 'not_found', 'There is no such API path.');
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!secureEqual(given, token)) {
    throw new ApiError(401, 'unauthorized', 'A valid operator token is required.', undefined, {
      'www-authenticate': 'Bearer',
    });
  }
  const host = normaliseHost(decodeURIComponent((await params).host));
  if (!host)
    throw new ApiError(400, 'validation_failed', 'Not a host name.', { host: ['host name'] });
  const change = await readJson(request, storeChangeSchema);
  if (!(await changeStore(host, change))) {
    throw new ApiError(404, 'store_not_found', 'No stored store has this host.');
  }
  const store = await storeService().byHost(host);
  return dataResponse(storePayload(store!, 1));
}

// Not wrapped in apiRoute: that wrapper's CSRF check is for cookie-based browser sessions, and
// this call carries no cookie; the bearer token is its only credential.
export async function PATCH(request: NextRequest, context: Context): Promise<Response> {
  try {
    return await patch(request, context);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}

export const GET = methodNotAllowed(['PATCH']);
export const POST = GET;
export const PUT = GET;
export const DELETE = GET;
