import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { oauthHandle, oauthJson, readOAuthBody } from '@/lib/http/oauth-response';
import { requestInput } from '@/lib/http/request-input';
import { revokeSchema } from '@/features/auth/oauth-schemas';
import { revoke } from '@/features/auth/server/oauth-tokens.server';
import { storeContext } from '@/features/session/server/request-context.server';

/**
 * Token revocation (RFC 7009), form-encoded or JSON `{token, token_type_hint?, client_id?}`:
 * 200 for any token, known or not; a refresh token takes its whole family with it. No cookie,
 * no CSRF token: the desktop client calls it when the customer signs out there.
 */
export const POST = apiRoute(
  async (request) => {
    const ctx = await storeContext(requestInput(request));
    return oauthHandle(async () => {
      await revoke(await readOAuthBody(request, revokeSchema), ctx);
      return oauthJson({});
    });
  },
  { csrf: false },
);

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
