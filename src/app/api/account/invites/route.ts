import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { inviteSchema } from '@/features/auth/schemas';
import { invite, pendingInvites } from '@/features/auth/server/invites.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** Pending invitations (owners and admins): `{invites:[{id, email, role, invited_by, created_at, expires_at}]}`. */
export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)));
  return dataResponse(await pendingInvites(caller));
});

/** An owner or admin invites someone: `{email, role?}` -> 201 `{email, role, expires_at}`. */
export const POST = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const caller = await requireCaller(ctx);
  const { email, role } = await readJson(request, inviteSchema);
  return dataResponse(await invite(caller, email, role), { status: 201 });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
