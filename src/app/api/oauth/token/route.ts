import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { clientIp } from '@/lib/http/client-ip';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { tokenSchema } from '@/features/auth/oauth-schemas';
import { LIMITS } from '@/features/auth/server/limits.server';
import { exchangeCode } from '@/features/auth/server/oauth.server';
import { oauthHandle, oauthJson, readOAuthBody } from '@/features/auth/server/oauth-route.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** Token endpoint: a code and its PKCE verifier for `{access_token, token_type, expires_in, refresh_token}`. */
export const POST = apiRoute(async (request) => {
  await requireStore(request);
  await consumeLimits([[LIMITS.tokenIp, clientIp(request)]]);
  return oauthHandle(async () =>
    oauthJson(await exchangeCode(await readOAuthBody(request, tokenSchema))),
  );
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
