import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { inviteSchema } from '@/features/auth/schemas';
import { invite } from '@/features/auth/server/invites.server';
import { requireUser } from '@/features/auth/server/session.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

/** The account owner invites someone by e-mail: `{email}` -> 201 `{email, expires_at}`. */
export const POST = apiRoute(async (request) => {
  const { store } = await requireStore(request);
  const { user } = await requireUser(request);
  const { email } = await readJson(request, inviteSchema);
  return dataResponse(await invite(store, user, email), { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
