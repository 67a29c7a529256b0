import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { passkeySignInOptions } from '@/features/auth/server/passkey-sign-in.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** Starts a sign-in with a passkey, no password: options for `navigator.credentials.get()`. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  return withSessionCookies(dataResponse(await passkeySignInOptions(ctx)), ctx);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
