import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { credentialsOf } from '@/features/auth/server/current-user.server';
import { securityOverview } from '@/features/auth/server/security.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * What the security page shows:
 * `{second_factor, phone, phone_pending, email_pending, backup_codes_left, passkeys}`.
 */
export const GET = apiRoute(async (request) => {
  const user = await credentialsOf(
    await requireCaller(await requestContext(requestInput(request))),
  );
  return dataResponse(await securityOverview(user));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
