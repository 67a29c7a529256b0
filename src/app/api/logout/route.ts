import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requestContext } from '@/features/session/server/request-context.server';

/** Signs out: the session ends on the server and both cookies are expired. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  await ctx.end();
  return withSessionCookies(dataResponse({ signed_out: true }), ctx);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
