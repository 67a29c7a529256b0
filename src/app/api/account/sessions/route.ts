import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requireCaller } from '@/features/access/server/caller.server';
import { listSessions, signOutEverywhere } from '@/features/auth/server/account.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The customer's signed-in sessions: `{sessions:[{id, current, device, ip, signed_in_at, last_seen_at}]}`. */
export const GET = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  return dataResponse(await listSessions(user.id, ctx.session?.id ?? null));
});

/** Sign out everywhere: every session of the account ends, this one included, and every desktop token. */
export const DELETE = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  await signOutEverywhere(user.id);
  ctx.forget();
  return withSessionCookies(dataResponse({ signed_out: 'everywhere' }), ctx);
});

export const POST = methodNotAllowed(['GET', 'DELETE']);
export const PUT = POST;
export const PATCH = POST;
