import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { signInTo } from '@/features/auth/sign-in-target';
import { InvoiceDocument } from '@/features/invoices/components/invoice-document';
import { invoiceCreditNotes } from '@/features/invoices/server/credit-notes.server';
import { accountInvoice } from '@/features/invoices/server/invoices.server';
import { creditNoteOfInvoice } from '@/features/invoices/invoice-format';
import type { Invoice } from '@/features/invoices/invoice-types';

export const metadata: Metadata = { title: 'Invoice', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/**
 * One of the account's invoices as a page, with its PDF to download and the credit notes of the
 * store's refunds against it, each a link (0331).
 */
export default async function InvoicePage({ params }: Props) {
  const { id } = await params;
  const caller = await pageCaller();
  // Signed out (a mailed link): sign in, then back to this page.
  if (!caller) redirect(signInTo(`/invoices/${encodeURIComponent(id)}`));
  // A role that may not read bills finds no invoice here, as the API answers it 403.
  if (!can(caller.role, 'billing.read')) notFound();
  let invoice: Invoice;
  try {
    invoice = await accountInvoice(caller, id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
  const notes = await invoiceCreditNotes(caller, invoice);
  return (
    <>
      <InvoiceDocument invoice={invoice} />
      {notes.length > 0 ? (
        <ul aria-label="Refunds of this invoice">
          {notes.map((note) => {
            const said = creditNoteOfInvoice(note, invoice.site_version);
            return (
              <li key={note.id} data-credit-note={note.number}>
                <Link prefetch={false} href={`/credit-notes/${note.id}`}>
                  {said.link}
                </Link>
                {said.rest}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p>
        <a href={`/api/invoices/${invoice.id}/pdf`} download>
          Download the PDF
        </a>{' '}
        ·{' '}
        <Link prefetch={false} href={`/orders/${invoice.order_id}`}>
          Back to the order
        </Link>
      </p>
    </>
  );
}
