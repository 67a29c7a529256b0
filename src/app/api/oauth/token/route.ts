import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { oauthHandle, oauthJson, readOAuthBody } from '@/lib/http/oauth-response';
import { requestInput } from '@/lib/http/request-input';
import { tokenSchema } from '@/features/auth/oauth-schemas';
import { exchangeCode } from '@/features/auth/server/oauth.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Token endpoint: a code and its PKCE verifier for `{access_token, token_type, expires_in, refresh_token}`. */
export const POST = apiRoute(async (request) => {
  const { ip } = await storeContext(requestInput(request));
  return oauthHandle(async () =>
    oauthJson(await exchangeCode(await readOAuthBody(request, tokenSchema), ip)),
  );
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
