import { ApiError, dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { passkeyRemoveSchema, recordIdSchema } from '@/features/auth/schemas';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { removePasskey } from '@/features/auth/server/passkeys.server';
import { requestContext } from '@/features/session/server/request-context.server';

type Context = { params: Promise<{ id: string }> };

/** Removes one of the customer's passkeys: `{password}`. 404 when there is no such passkey. */
export const DELETE = apiRoute<Context>(async (request, { params }) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const id = recordIdSchema.safeParse((await params).id);
  if (!id.success) throw new ApiError(404, 'passkey_not_found', 'There is no such passkey.');
  const { password } = await readJson(request, passkeyRemoveSchema);
  await removePasskey(ctx.store, user, id.data, password);
  return dataResponse({ removed: true });
});

export const GET = methodNotAllowed(['DELETE']);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
