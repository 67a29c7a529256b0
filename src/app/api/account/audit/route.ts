import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { accountActivity } from '@/features/activity/server/activity.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The account's activity log, newest first (the owner's): `{events:[{at, actor, action, target, ip}]}`. */
export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'audit.read');
  return dataResponse({ events: await accountActivity(caller) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
