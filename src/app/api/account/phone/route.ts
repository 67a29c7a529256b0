import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { phoneConfirmSchema, phoneRemoveSchema, phoneSetupSchema } from '@/features/auth/schemas';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { confirmPhone, removePhone, startPhoneSetup } from '@/features/auth/server/phone.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Starts setting the phone for SMS codes: `{password, phone}` (E.164) sends a code to it by SMS
 * -> 202 `{phone_pending, expires_at}`. The number counts only after `PUT` with that code.
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const input = await readJson(request, phoneSetupSchema);
  return dataResponse(await startPhoneSetup(ctx.store, user, input.password, input.phone), {
    status: 202,
  });
});

/** Confirms it: `{code}` -> `{has_phone: true, phone}` (masked). */
export const PUT = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const { code } = await readJson(request, phoneConfirmSchema);
  return dataResponse(await confirmPhone(ctx.store, user, code));
});

/** Removes it: `{password}`. */
export const DELETE = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const { password } = await readJson(request, phoneRemoveSchema);
  return dataResponse(await removePhone(ctx.store, user, password));
});

export const GET = methodNotAllowed(['POST', 'PUT', 'DELETE']);
export const PATCH = GET;
