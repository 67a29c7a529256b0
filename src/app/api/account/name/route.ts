import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { accountNameSchema } from '@/features/auth/schemas';
import { renameAccount } from '@/features/auth/server/account-name.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** Names the account: `{name}` as stored (owners and admins). */
export const PUT = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'team.manage');
  const { name } = await readJson(request, accountNameSchema);
  return dataResponse(await renameAccount(caller, name));
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
