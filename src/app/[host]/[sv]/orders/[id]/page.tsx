import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { OrderView } from '@/features/checkout/components/order-view';
import { pageOrder } from '@/features/checkout/server/page-data.server';
import { pageScope } from '@/features/checkout/server/page-scope.server';
import { accountScope } from '@/features/checkout/server/scope.server';

export const metadata: Metadata = { title: 'Your order', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/** One of the account's orders; another account's is not found. */
export default async function OrderPage({ params }: Props) {
  const { id } = await params;
  const scope = await pageScope(await pageRequestInput());
  if (!scope) redirect('/login');
  const detail = await pageOrder(accountScope(scope), id);
  if (!detail) notFound();
  return (
    <OrderView order={detail.order} payments={detail.payments} invoiceId={detail.invoice_id} />
  );
}
