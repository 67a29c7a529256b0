import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { checkoutView } from '@/features/checkout/server/checkout.server';
import { checkoutScope } from '@/features/checkout/server/scope.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The signed-in customer's cart re-checked: `{cart, changes, requirements}`. */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const scope = await checkoutScope(await requestContext(input), input, 'billing.manage');
  return dataResponse(await checkoutView(scope));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
