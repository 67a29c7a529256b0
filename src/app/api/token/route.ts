import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { csrfTokenFor } from '@/lib/http/csrf';
import { ensureSession, setSessionCookies } from '@/features/auth/server/session.server';

/**
 * The CSRF token of the visitor's session (made when there is none), in the XSRF-TOKEN cookie
 * and in the answer `{data:{token}}`. Unsafe calls echo it in X-XSRF-TOKEN.
 */
export const GET = apiRoute(async (request) => {
  const handle = await ensureSession(request);
  const response = dataResponse({ token: await csrfTokenFor(handle.token) });
  await setSessionCookies(response, request, handle);
  return response;
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
