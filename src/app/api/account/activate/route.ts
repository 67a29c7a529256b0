import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { activateSchema } from '@/features/auth/schemas';
import { activate } from '@/features/auth/server/registration.server';
import { storeContext } from '@/features/session/server/request-context.server';

/** Activates an account with the token of its activation mail, once (then 410). */
export const PUT = apiRoute(async (request) => {
  await storeContext(requestInput(request));
  const { token } = await readJson(request, activateSchema);
  await activate(token);
  return dataResponse({ activated: true });
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
