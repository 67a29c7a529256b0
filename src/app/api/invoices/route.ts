import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { accountInvoices } from '@/features/invoices/server/invoices.server';
import { accountBills } from '@/features/orders/server/orders.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * The account's VAT invoices in this store (paid, newest first) and its unpaid renewal bills
 * (`unpaid`, or `overdue` past their due date).
 */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const account = caller;
  const [invoices, bills] = await Promise.all([accountInvoices(account), accountBills(account)]);
  return dataResponse({ invoices, bills });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
