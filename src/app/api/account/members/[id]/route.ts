import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { requireCaller } from '@/features/access/server/caller.server';
import { ROLES } from '@/features/access/roles';
import { changeMemberRole, memberNotFound, removeMember } from '@/features/auth/server/team.server';
import { requestContext } from '@/features/session/server/request-context.server';

const roleBody = z.strictObject({
  role: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }),
  password: z.string().min(1).max(1024).optional(),
});

/** Another role for a person; `{role: "owner", password}` hands the account over. */
export const PATCH = apiRoute<IdContext>(async (request, context) => {
  const caller = await requireCaller(await requestContext(requestInput(request)));
  const id = await pathId(context, memberNotFound);
  const body = await readJson(request, roleBody);
  return dataResponse({ members: await changeMemberRole(caller, id, body) });
});

/** Removes a person from the account, or (their own id) leaves it: that session ends too. */
export const DELETE = apiRoute<IdContext>(async (request, context) => {
  const ctx = await requestContext(requestInput(request));
  const caller = await requireCaller(ctx);
  const id = await pathId(context, memberNotFound);
  const members = await removeMember(caller, id);
  if (id === caller.userId) ctx.forget();
  return withSessionCookies(dataResponse({ members }), ctx);
});

export const GET = methodNotAllowed(['PATCH', 'DELETE']);
export const POST = GET;
export const PUT = GET;
