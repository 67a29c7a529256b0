import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { pagePayment } from '@/features/checkout/server/page-data.server';
import { pageScope } from '@/features/checkout/server/page-scope.server';
import { accountScope } from '@/features/checkout/server/scope.server';
import { stripeReturn } from '@/features/purchase/server/stripe-actions.server';

export const metadata: Metadata = { title: 'Payment', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ payment?: string }> };

/**
 * Where Stripe sends the browser after paying: asks Stripe how it went, finishes the order when
 * it succeeded (the webhook may have done it already: the finish step runs once), and moves on
 * to the order, or back to the pay page.
 */
export default async function StripeReturnPage({ searchParams }: Props) {
  const { payment } = await searchParams;
  const scope = await pageScope(await pageRequestInput());
  if (!scope) redirect('/checkout');
  const account = accountScope(scope);
  if (!payment || !(await pagePayment(account, payment))) notFound();
  redirect(await stripeReturn(account, payment));
}
