import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { emailChangeSchema, emailConfirmSchema } from '@/features/auth/schemas';
import { confirmEmailChange, requestEmailChange } from '@/features/auth/server/account.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { requestContext, storeContext } from '@/features/session/server/request-context.server';

/**
 * Asks to change the e-mail address: `{password, email}` -> 202; a link goes to the new address
 * (the answer is the same whether that address has an account).
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const user = await credentialsOf(await requireCaller(ctx));
  const input = await readJson(request, emailChangeSchema);
  await requestEmailChange(ctx.store, user, { ...input, ip: ctx.ip });
  return dataResponse(
    {
      status: 'check_your_email',
      message: `We sent a link to ${input.email}. Your address changes when you open it.`,
    },
    { status: 202 },
  );
});

/** Confirms it with the mailed link's `{token}` -> `{email}`; the old address is told. */
export const PUT = apiRoute(async (request) => {
  const ctx = await storeContext(requestInput(request));
  const { token } = await readJson(request, emailConfirmSchema);
  return dataResponse(await confirmEmailChange(ctx.store, ctx.ip, token));
});

export const GET = methodNotAllowed(['POST', 'PUT']);
export const PATCH = GET;
export const DELETE = GET;
