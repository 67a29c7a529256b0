import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { recordIdSchema } from '@/features/auth/schemas';
import { inviteNotFound, withdrawInvite } from '@/features/auth/server/invites.server';
import { requestContext } from '@/features/session/server/request-context.server';

type Context = { params: Promise<{ id: string }> };

/** The owner withdraws a pending invitation; its link stops working. 404 when there is none. */
export const DELETE = apiRoute<Context>(async (request, { params }) => {
  const caller = await requireCaller(await requestContext(requestInput(request)));
  const id = recordIdSchema.safeParse((await params).id);
  if (!id.success) throw inviteNotFound();
  await withdrawInvite(caller, id.data);
  return dataResponse({ withdrawn: true });
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
