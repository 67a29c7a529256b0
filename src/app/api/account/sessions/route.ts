import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import {
  clearSessionCookies,
  endUserSessions,
  requireUser,
} from '@/features/auth/server/session.server';

/** Sign out everywhere: every session of the account ends, this one included. */
export const DELETE = apiRoute(async (request) => {
  const { user } = await requireUser(request);
  await endUserSessions(user.id);
  const response = dataResponse({ signed_out: 'everywhere' });
  clearSessionCookies(response, request);
  return response;
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
