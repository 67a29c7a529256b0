import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requirePermission } from '@/features/access/roles';
import { accountCaller } from '@/features/auth/server/account-caller.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The kept payment methods: `{payment_methods:[{id, provider, label, is_default, created_at}]}`. */
export const GET = apiRoute(async (request) => {
  const caller = await accountCaller(await requestContext(requestInput(request)));
  requirePermission(caller.role, 'billing.read');
  return dataResponse({ payment_methods: await accountPaymentMethodViews(caller) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
