import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { phoneSchema } from '@/features/auth/schemas';
import { requireUser } from '@/features/auth/server/current-user.server';
import { setPhone } from '@/features/auth/server/security.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** Sets (or with null clears) the phone number for SMS codes: `{password, phone}`. */
export const PUT = apiRoute(async (request) => {
  const user = await requireUser(await requestContext(requestInput(request)));
  const input = await readJson(request, phoneSchema);
  await setPhone(user, input.password, input.phone);
  return dataResponse({ has_phone: input.phone !== null });
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
