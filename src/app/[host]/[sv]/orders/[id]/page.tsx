import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { signInTo } from '@/features/auth/sign-in-target';
import { OrderView } from '@/features/checkout/components/order-view';
import { pageOrder } from '@/features/checkout/server/page-data.server';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/** One of the account's orders; another account's is not found. */
export default async function OrderPage({ params }: Props) {
  const { id } = await params;
  const caller = await pageCaller();
  // Signed out (a mailed link): sign in, then back to this page.
  if (!caller) redirect(signInTo(`/orders/${encodeURIComponent(id)}`));
  // A role that may not read bills finds no order here, as the API answers it 403.
  if (!can(caller.role, 'billing.read')) notFound();
  const detail = await pageOrder(caller, id);
  if (!detail) notFound();
  return (
    <OrderView
      order={detail.order}
      payments={detail.payments}
      invoiceId={detail.invoice_id}
      creditNotes={detail.credit_notes}
    />
  );
}
