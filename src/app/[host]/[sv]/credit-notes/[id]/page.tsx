import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { signInTo } from '@/features/auth/sign-in-target';
import { CreditNoteDocument } from '@/features/invoices/components/credit-note-document';
import { accountCreditNote } from '@/features/invoices/server/credit-notes.server';
import type { CreditNote } from '@/features/invoices/invoice-types';

export const metadata: Metadata = { title: 'Credit note', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/**
 * One of the account's credit notes as a page, with its PDF to download: read as its invoices
 * are (decision 0323), so another account's, or a role that may not read bills, finds nothing.
 */
export default async function CreditNotePage({ params }: Props) {
  const { id } = await params;
  const caller = await pageCaller();
  // Signed out (a mailed link): sign in, then back to this page.
  if (!caller) redirect(signInTo(`/credit-notes/${encodeURIComponent(id)}`));
  // A role that may not read bills finds no credit note here, as the API answers it 403.
  if (!can(caller.role, 'billing.read')) notFound();
  let note: CreditNote;
  try {
    note = await accountCreditNote(caller, id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
  return (
    <>
      <CreditNoteDocument note={note} />
      <p>
        <a href={`/api/credit-notes/${note.id}/pdf`} download>
          Download the PDF
        </a>{' '}
        ·{' '}
        <Link prefetch={false} href={`/orders/${note.order_id}`}>
          Back to the order
        </Link>{' '}
        ·{' '}
        <Link prefetch={false} href="/dashboard/invoices">
          All invoices
        </Link>
      </p>
    </>
  );
}
