import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { pagePayment } from '@/features/checkout/server/page-data.server';
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
  const caller = await pageCaller();
  if (!caller) redirect('/checkout');
  if (!can(caller.role, 'billing.manage')) notFound();
  if (!payment || !(await pagePayment(caller, payment))) notFound();
  redirect(await stripeReturn(caller, payment));
}
