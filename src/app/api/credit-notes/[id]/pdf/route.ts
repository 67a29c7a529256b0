import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import { creditNotePdf } from '@/features/invoices/server/credit-note-pdf.server';
import {
  accountCreditNote,
  creditNoteNotFound,
} from '@/features/invoices/server/credit-notes.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** The credit note as a PDF download (application/pdf), as an invoice's. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const id = await pathId(context, creditNoteNotFound);
  const note = await accountCreditNote(caller, id);
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
