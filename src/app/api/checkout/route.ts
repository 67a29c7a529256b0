import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { checkoutView } from '@/features/checkout/server/checkout.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The signed-in customer's cart re-checked: `{cart, changes, requirements}`. */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.manage');
  return dataResponse(await checkoutView(caller));
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
