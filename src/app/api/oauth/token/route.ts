import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import {
  OAuthError,
  oauthHandle,
  oauthJson,
  parseOAuthParams,
  readOAuthParams,
} from '@/lib/http/oauth-response';
import { requestInput } from '@/lib/http/request-input';
import { tokenSchema } from '@/features/auth/oauth-schemas';
import { tokenGrant } from '@/features/auth/server/oauth-tokens.server';
import { storeContext } from '@/features/session/server/request-context.server';

const GRANTS = ['authorization_code', 'refresh_token'];

/**
 * Token endpoint of the desktop client (RFC 6749 sections 4.1.3 and 6, RFC 7636), form-encoded
 * or JSON: `{access_token, token_type, expires_in, refresh_token, scope}`. A public client with
 * PKCE: no cookie and no CSRF token, so a native app can call it.
 */
export const POST = apiRoute(
  async (request) => {
    const ctx = await storeContext(requestInput(request));
    return oauthHandle(async () => {
      const params = await readOAuthParams(request);
      if (typeof params.grant_type === 'string' && !GRANTS.includes(params.grant_type)) {
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token.',
        );
      }
      return oauthJson(await tokenGrant(parseOAuthParams(params, tokenSchema), ctx));
    });
  },
  { csrf: false },
);

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
