import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { googleSchema } from '@/features/auth/schemas';
import { googleSignIn } from '@/features/auth/server/google.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** Google sign-in with an ID token: `{credential}` -> `{data:{user}}` or a challenge; 401 for a bad token. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const { credential } = await readJson(request, googleSchema);
  return withSessionCookies(dataResponse(await googleSignIn(ctx, credential)), ctx);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
