import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { accountScope, checkoutScope } from '@/features/checkout/server/scope.server';
import { accountInvoices } from '@/features/invoices/server/invoices.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The account's invoices in this store, newest first. */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const scope = await checkoutScope(await requestContext(input), input);
  return dataResponse({ invoices: await accountInvoices(accountScope(scope)) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
