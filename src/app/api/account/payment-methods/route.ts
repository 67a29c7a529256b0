import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The kept payment methods: `{payment_methods:[{id, provider, label, is_default, created_at}]}`. */
export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(await requestContext(requestInput(request)), 'billing.read');
  return dataResponse({ payment_methods: await accountPaymentMethodViews(caller) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
