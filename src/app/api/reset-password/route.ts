import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { resetSchema } from '@/features/auth/schemas';
import { resetPassword } from '@/features/auth/server/recovery.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** `{token, password, password_confirmation}`: sets the password and ends every session. */
export const POST = apiRoute(async (request) => {
  const ctx = await storeContext(requestInput(request));
  const input = await readJson(request, resetSchema);
  await resetPassword(ctx.ip, input.token, input.password);
  return dataResponse({ status: 'password_changed' });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
