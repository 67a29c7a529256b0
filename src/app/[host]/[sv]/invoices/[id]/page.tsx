import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { InvoiceDocument } from '@/features/invoices/components/invoice-document';
import { accountInvoice } from '@/features/invoices/server/invoices.server';
import type { Invoice } from '@/features/invoices/invoice-types';

export const metadata: Metadata = { title: 'Invoice', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/** One of the account's invoices as a page, with its PDF to download. */
export default async function InvoicePage({ params }: Props) {
  const { id } = await params;
  const caller = await pageCaller();
  if (!caller) redirect('/login');
  // A role that may not read bills finds no invoice here, as the API answers it 403.
  if (!can(caller.role, 'billing.read')) notFound();
  let invoice: Invoice;
  try {
    invoice = await accountInvoice(caller, id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
  return (
    <>
      <InvoiceDocument invoice={invoice} />
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
