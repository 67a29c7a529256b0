import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { invoicePdf } from '@/features/invoices/server/invoice-pdf.server';
import { accountInvoice, invoiceNotFound } from '@/features/invoices/server/invoices.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The invoice as a PDF download (application/pdf). */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const id = await pathId(context, invoiceNotFound);
  const invoice = await accountInvoice(caller, id);
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
