import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { describeInvite } from '@/features/auth/server/invites.server';
import { storeContext } from '@/features/session/server/request-context.server';

type Context = { params: Promise<{ token: string }> };

/**
 * Checks an invite: `{invited_by, account, email, expires_at, has_account}`; 404 unknown (or
 * another store's), 410 used, withdrawn or expired.
 */
export const GET = apiRoute<Context>(async (request, { params }) => {
  const { store } = await storeContext(requestInput(request));
  const { token } = await params;
  return dataResponse(await describeInvite(store.key, token));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
