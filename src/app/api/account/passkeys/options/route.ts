import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { passkeyOptionsSchema } from '@/features/auth/schemas';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { passkeyRegistrationOptions } from '@/features/auth/server/passkeys.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** Starts adding a passkey: `{password}` -> options for `navigator.credentials.create()`. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const { password } = await readJson(request, passkeyOptionsSchema);
  return dataResponse(await passkeyRegistrationOptions(ctx, user, password));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
