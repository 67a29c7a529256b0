import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { clearSessionCookies, endSession } from '@/features/auth/server/session.server';

/** Signs out: the session ends on the server and both cookies are expired. */
export const POST = apiRoute(async (request) => {
  await endSession(request);
  const response = dataResponse({ signed_out: true });
  clearSessionCookies(response, request);
  return response;
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
