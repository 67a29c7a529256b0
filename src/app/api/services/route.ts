import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { accountScope, checkoutScope } from '@/features/checkout/server/scope.server';
import { accountServices } from '@/features/services/server/services.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** What the account's paid orders became: domains, transfers, numbers and plans. */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const scope = await checkoutScope(await requestContext(input), input);
  return dataResponse({ services: await accountServices(accountScope(scope)) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
