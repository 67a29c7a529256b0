import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { invoicePdf } from '@/features/invoices/server/invoice-pdf.server';
import {
  adminInvoice,
  adminInvoiceNotFound,
} from '@/features/store-admin/orders/server/admin-invoices.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * An invoice of the store as a PDF download (orders.read), the one its customer downloads; 404
 * `invoice_not_found` for another store's (decision 0324).
 */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'orders.read');
  const invoice = await adminInvoice(staff, await pathId(context, adminInvoiceNotFound));
  const pdf = await invoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${invoice.number}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
