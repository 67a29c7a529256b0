import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { passkeyAddSchema } from '@/features/auth/schemas';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { addPasskey } from '@/features/auth/server/passkeys.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { markSecondFactor } from '@/features/session/server/second-factor.server';

/** Keeps the new passkey: `{response, name?}` -> 201 `{id, name, rp_id, created_at, ...}`. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const input = await readJson(request, passkeyAddSchema);
  const added = await addPasskey(ctx, user, input);
  // The new passkey answered a challenge on this session: a second factor shown (decision 0161).
  await markSecondFactor(ctx, 'passkey_enrolled');
  return dataResponse(added, { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
