import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { checkResetSchema } from '@/features/auth/schemas';
import { checkReset } from '@/features/auth/server/recovery.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Whether a reset link still works: `{valid, expires_at}` or 410 reset_link_invalid. Uses nothing up. */
export const POST = apiRoute(async (request) => {
  const ctx = await storeContext(requestInput(request));
  const { token } = await readJson(request, checkResetSchema);
  return dataResponse(await checkReset(ctx.ip, token));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
