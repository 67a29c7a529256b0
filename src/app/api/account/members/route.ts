import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { accountMembers } from '@/features/auth/server/team.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The account's people with their roles: `{members:[{id, name, email, role, active, joined_at}]}`. */
export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'team.read');
  return dataResponse({ members: await accountMembers(caller) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
