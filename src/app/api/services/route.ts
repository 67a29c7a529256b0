import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { callerContext, requireScope } from '@/features/auth/server/access-context.server';
import { accountServices } from '@/features/services/server/services.server';

/**
 * What the account's paid orders became: domains, transfers, numbers and plans. The desktop
 * client may read it with an access token granted `services:read`.
 */
export const GET = apiRoute(async (request) => {
  const ctx = await callerContext(requestInput(request));
  requireScope(ctx, 'services:read');
  const caller = await requireCaller(ctx, 'services.read');
  return dataResponse({ services: await accountServices(caller) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
