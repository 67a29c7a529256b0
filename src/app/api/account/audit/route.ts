import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requirePermission } from '@/features/access/roles';
import { accountActivity } from '@/features/activity/server/activity.server';
import { accountCaller } from '@/features/auth/server/account-caller.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The account's activity log, newest first (the owner's): `{events:[{at, actor, action, target, ip}]}`. */
export const GET = apiRoute(async (request) => {
  const caller = await accountCaller(await requestContext(requestInput(request)));
  requirePermission(caller.role, 'audit.read');
  return dataResponse({ events: await accountActivity(caller) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
