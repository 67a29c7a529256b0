import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { joinSchema } from '@/features/store-admin/schemas';
import { acceptStaffInvite } from '@/features/store-admin/server/invites.server';
import { joinedStaffNext } from '@/features/store-admin/server/staff.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * Accepts a staff invitation for the signed-in person: `{token}` -> `{role, next}` (`next`: the
 * admin, or the second-factor page first). 404 `invite_not_found`, 410 `invite_expired`, 403
 * `invite_other_email`.
 */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const caller = await requireCaller(ctx);
  const { token } = await readJson(request, joinSchema);
  const { role } = await acceptStaffInvite(
    { storeId: ctx.store.key },
    { userId: caller.userId, email: caller.email, ip: ctx.ip },
    token,
  );
  return dataResponse({ role, next: await joinedStaffNext(ctx) });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
