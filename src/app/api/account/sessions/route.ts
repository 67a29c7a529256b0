import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requireUser } from '@/features/auth/server/current-user.server';
import { revokeDesktopTokens } from '@/features/auth/server/oauth-tokens.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { endUserSessions } from '@/features/session/server/session-service.server';

/** Sign out everywhere: every session of the account ends, this one included, and every desktop token. */
export const DELETE = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await requireUser(ctx);
  await endUserSessions(user.id);
  await revokeDesktopTokens(user.id);
  ctx.forget();
  return withSessionCookies(dataResponse({ signed_out: 'everywhere' }), ctx);
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
