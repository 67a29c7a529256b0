import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { passkeyLoginSchema } from '@/features/auth/schemas';
import { passkeySignIn } from '@/features/auth/server/passkey-sign-in.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Signs in with a passkey: `{response, remember_me?, is_ctd?}` -> `{user}` with a new session;
 * 401 `invalid_passkey` for any refusal.
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const input = await readJson(request, passkeyLoginSchema);
  return withSessionCookies(dataResponse(await passkeySignIn(ctx, input)), ctx);
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
