import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { oauthHandle, readOAuthBody } from '@/lib/http/oauth-response';
import { requestInput } from '@/lib/http/request-input';
import { ctdGrantSchema } from '@/features/auth/oauth-schemas';
import { grantCtd } from '@/features/auth/server/oauth.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Desktop grant: after a sign-in with is_ctd, an authorization code for the desktop client
 * (PKCE S256, loopback redirect). Success is `{data:{code, state, redirect_uri, expires_in, scope}}`;
 * failures are OAuth error bodies `{error, error_description}`.
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  return oauthHandle(async () => {
    const input = await readOAuthBody(request, ctdGrantSchema);
    return dataResponse(await grantCtd(ctx, input));
  });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
