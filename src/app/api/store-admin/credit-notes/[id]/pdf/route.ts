import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { creditNotePdf } from '@/features/invoices/server/credit-note-pdf.server';
import {
  adminCreditNote,
  creditNoteNotFound,
} from '@/features/store-admin/orders/server/admin-orders.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** A credit note of the store as a PDF download (orders.read); 404 `credit_note_not_found`. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const staff = await requireStaff(requestInput(request), 'orders.read');
  const note = await adminCreditNote(staff, await pathId(context, creditNoteNotFound));
  const pdf = await creditNotePdf(note);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${note.number}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
