import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { csrfTokenFor } from '@/lib/http/csrf-token';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * The CSRF token of the visitor's session (made when there is none), in the XSRF-TOKEN cookie
 * and in the answer `{data:{token}}`. Unsafe calls echo it in X-XSRF-TOKEN.
 */
export const GET = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const { token } = await ctx.renewCookies();
  return withSessionCookies(dataResponse({ token: await csrfTokenFor(token) }), ctx);
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
