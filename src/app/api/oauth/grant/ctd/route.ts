import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { ctdGrantSchema } from '@/features/auth/oauth-schemas';
import { grantCtd } from '@/features/auth/server/oauth.server';
import { oauthHandle, readOAuthBody } from '@/features/auth/server/oauth-route.server';
import { getSession } from '@/features/auth/server/session.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/**
 * Desktop grant: after a sign-in with is_ctd, an authorization code for the desktop client
 * (PKCE S256, loopback redirect). Success is `{data:{code, state, redirect_uri, expires_in}}`;
 * failures are OAuth error bodies `{error, error_description}`.
 */
export const POST = apiRoute(async (request) => {
  await requireStore(request);
  return oauthHandle(async () => {
    const input = await readOAuthBody(request, ctdGrantSchema);
    const handle = await getSession(request);
    return dataResponse(await grantCtd(handle?.session ?? null, input));
  });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
