import 'server-only';
import { ApiError } from '@/lib/http/api-response';
import type { Invoice } from '@/features/invoices/invoice-types';
import { storeInvoice } from '@/features/invoices/server/invoices.server';
import type { StaffContext } from '../../server/staff.server';

/**
 * The store's invoices as its staff read them (decision 0324). The customer's `/invoices/{id}`
 * and `/api/invoices/{id}/pdf` are the customer's account's only: the admin's own account does
 * not hold them, so staff read an order's invoice here, as they read its credit notes.
 */

/** Another store's invoice, or none: the same 404. */
export const adminInvoiceNotFound = () =>
  new ApiError(404, 'invoice_not_found', 'There is no such invoice in this store.');

/** Where staff download an invoice of their store (orders.read). */
export const adminInvoicePdfUrl = (id: string) => `/api/store-admin/invoices/${id}/pdf`;

/** An invoice of this store, as its customer's PDF draws it; else 404. */
export async function adminInvoice(staff: StaffContext, id: string): Promise<Invoice> {
  const invoice = await storeInvoice(staff.storeId, id);
  if (!invoice) throw adminInvoiceNotFound();
  return invoice;
}
