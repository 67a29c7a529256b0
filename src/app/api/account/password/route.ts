import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requireCaller } from '@/features/access/server/caller.server';
import { passwordChangeSchema } from '@/features/auth/schemas';
import { changePassword } from '@/features/auth/server/account.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Changes the password: `{current_password, password, password_confirmation}`. Other sessions
 * and desktop tokens end; this one stays, with a new cookie id.
 */
export const PUT = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const input = await readJson(request, passwordChangeSchema);
  await changePassword(ctx.store, user, {
    ...input,
    sessionId: ctx.session?.id ?? null,
    ip: ctx.ip,
  });
  await ctx.rotate();
  return withSessionCookies(dataResponse({ status: 'password_changed' }), ctx);
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
