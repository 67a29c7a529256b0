import 'server-only';
import { ApiError } from '@/lib/http/api-response';
import type { RequestInput } from '@/lib/http/request-input';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { callerOf } from '@/features/access/server/caller.server';
import {
  requestContext,
  tokenContext,
  type RequestContext,
} from '@/features/session/server/request-context.server';
import type { Scope } from '../oauth-scopes';
import { logOAuth } from './auth-log.server';
import { LIMITS } from './limits.server';
import { accessTokenGrant } from './oauth-tokens.server';

const invalidToken = () =>
  new ApiError(
    401,
    'invalid_token',
    'The access token is invalid, expired or revoked.',
    undefined,
    {
      'www-authenticate': 'Bearer error="invalid_token"',
    },
  );

/**
 * The context of a call that a desktop client may also make with its access token
 * (`Authorization: Bearer`, RFC 6750): with a token, the token's user and scopes and no session;
 * without one, the browser's session as `requestContext` gives it. A token that is unknown,
 * expired, revoked or of another store's user is 401 `invalid_token` (and counts against a
 * per-address limit, so tokens cannot be guessed). Calls that change credentials never use this:
 * they take `requestContext`, which ignores the header.
 */
export async function callerContext(input: RequestInput): Promise<RequestContext> {
  if (!input.bearerToken) return requestContext(input);
  const grant = await accessTokenGrant(input.bearerToken);
  const ctx = grant ? await tokenContext(input, grant) : null;
  // A user of another store is no caller of this one.
  const caller = ctx ? await callerOf(ctx) : null;
  if (!ctx || !caller) {
    logOAuth({
      event: 'bearer_refused',
      store: ctx?.store.key ?? '',
      ip: input.ip,
      userId: grant?.userId,
      reason: grant ? 'other_store' : 'invalid_token',
    });
    await consumeLimits([[LIMITS.bearerIp, input.ip]]);
    throw invalidToken();
  }
  return ctx;
}

/**
 * Refuses a token that was not granted `scope` (403 `insufficient_scope`). A browser session is
 * the customer themself and may do everything its calls offer.
 */
export function requireScope(ctx: RequestContext, scope: Scope): void {
  if (!ctx.grant || ctx.grant.scopes.includes(scope)) return;
  throw new ApiError(
    403,
    'insufficient_scope',
    `The access token was not granted “${scope}”.`,
    undefined,
    { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
  );
}
