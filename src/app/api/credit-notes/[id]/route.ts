import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { pathId, type IdContext } from '@/lib/http/path-id';
import { requestInput } from '@/lib/http/request-input';
import { requireCaller } from '@/features/access/server/caller.server';
import {
  accountCreditNote,
  creditNoteNotFound,
} from '@/features/invoices/server/credit-notes.server';
import { requestContext } from '@/features/session/server/request-context.server';

/** One of the account's credit notes, as its invoices are read; 404 for any other. */
export const GET = apiRoute<IdContext>(async (request, context) => {
  const input = requestInput(request);
  const caller = await requireCaller(await requestContext(input), 'billing.read');
  const id = await pathId(context, creditNoteNotFound);
  return dataResponse({ credit_note: await accountCreditNote(caller, id) });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
