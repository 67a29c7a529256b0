import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { loginSchema } from '@/features/auth/schemas';
import { passwordSignIn } from '@/features/auth/server/sign-in.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Sign-in with e-mail and password: `{data:{user}}` with a new session, or
 * `{data:{challenge, methods}}` when the account has a second factor.
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const input = await readJson(request, loginSchema);
  return withSessionCookies(dataResponse(await passwordSignIn(ctx, input)), ctx);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
