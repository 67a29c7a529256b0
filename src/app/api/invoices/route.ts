import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { accountCreditNotes } from '@/features/invoices/server/credit-notes.server';
import { accountInvoices } from '@/features/invoices/server/invoices.server';
import { accountBills } from '@/features/orders/server/orders.server';
import { requestContext } from '@/features/session/server/request-context.server';

/**
 * The account's VAT invoices in this store (paid, newest first), its unpaid renewal bills
 * (`unpaid`, or `overdue` past their due date) and the credit notes of the store's refunds
 * (newest first, each naming the invoice it corrects: decision 0323).
 */
export const GET = apiRoute(async (request) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const account = caller;
  const [invoices, bills, creditNotes] = await Promise.all([
    accountInvoices(account),
    accountBills(account),
    accountCreditNotes(account),
  ]);
  return dataResponse({ invoices, bills, credit_notes: creditNotes });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
