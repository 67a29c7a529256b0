import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { requirePermission } from '@/features/access/roles';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { confirmPassword } from '@/features/auth/server/reauth.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { authCodeBodySchema } from '@/features/services/schemas';
import { revealAuthCode } from '@/features/services/server/service-actions.server';
import { serviceNotFound } from '@/features/services/server/service-settings.server';

/**
 * A domain's auth code, after the password is asked again. A browser's session only: an access
 * token never reveals a credential (it takes `requestContext`, which ignores the bearer header).
 */
export const POST = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(await requestContext(requestInput(request)));
  const id = await pathId(context, serviceNotFound);
  const { password } = await readJson(request, authCodeBodySchema);
  requirePermission(caller.role, 'services.secret');
  await confirmPassword(await credentialsOf(caller), password);
  return dataResponse(await revealAuthCode(caller, id));
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
