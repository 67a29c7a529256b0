import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requireCaller } from '@/features/access/server/caller.server';
import { recordIdSchema } from '@/features/auth/schemas';
import { endSession } from '@/features/auth/server/account.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { requestContext } from '@/features/session/server/request-context.server';

type Context = { params: Promise<{ id: string }> };

/** Signs one session of the customer out (this one too, if named); 404 for any other. */
export const DELETE = apiRoute<Context>(async (request, { params }) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const id = recordIdSchema.safeParse((await params).id);
  if (!id.success) throw new ApiError(404, 'session_not_found', 'There is no such session.');
  await endSession(user.id, id.data);
  if (id.data === ctx.session?.id) ctx.forget();
  return withSessionCookies(dataResponse({ signed_out: true }), ctx);
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
