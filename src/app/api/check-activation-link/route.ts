import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { activateSchema } from '@/features/auth/schemas';
import { checkActivation } from '@/features/auth/server/registration.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Whether an activation link still works: `{valid}` or 410 token_invalid. Uses nothing up. */
export const POST = apiRoute(async (request) => {
  const ctx = await storeContext(requestInput(request));
  const { token } = await readJson(request, activateSchema);
  return dataResponse(await checkActivation(ctx.ip, token));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
