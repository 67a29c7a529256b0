import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { DemoPay } from '@/features/checkout/components/demo-pay';
import { SavedCardPay } from '@/features/checkout/components/saved-card-pay';
import { StripePay } from '@/features/checkout/components/stripe-pay';
import { pagePayment } from '@/features/checkout/server/page-data.server';
import { stripePayment } from '@/features/purchase/server/stripe-actions.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { formatMoney } from '@/features/pricing/format-money';
import styles from '@/features/checkout/components/checkout.module.css';

export const metadata: Metadata = { title: 'Pay', robots: { index: false } };
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

/**
 * The pay page of one payment: the account's kept methods of the same provider (a bank transfer
 * cannot be pulled), then the demo's choices or Stripe's card form.
 */
export default async function PayPage({ params }: Props) {
  const { id } = await params;
  const caller = await pageCaller();
  if (!caller) redirect('/checkout');
  // A role that may not pay finds no payment here, as the API answers it 403.
  if (!can(caller.role, 'billing.manage')) notFound();
  const found = await pagePayment(caller, id);
  if (!found) notFound();
  const { payment, detail } = found;
  if (payment.status === 'succeeded' || detail.order.status !== 'awaiting_payment') {
    redirect(`/orders/${detail.order.id}`);
  }
  const amount = formatMoney(payment.amount, detail.order.site_version);
  const kept =
    payment.provider === 'manual'
      ? []
      : (await accountPaymentMethodViews(caller)).filter((m) => m.provider === payment.provider);
  return (
    <div className={styles.page}>
      <h1>Pay for order {detail.order.number}</h1>
      <section className={styles.panel} aria-labelledby="pay-amount">
        <h2 id="pay-amount" className={styles.heading}>
          {amount} due today
        </h2>
        {kept.length > 0 ? (
          <SavedCardPay orderId={detail.order.id} amount={amount} methods={kept} />
        ) : null}
        {payment.provider === 'demo' ? (
          <DemoPay payment={payment} orderId={detail.order.id} />
        ) : null}
        {payment.provider === 'stripe' ? (
          <StripeSection scope={caller} paymentId={payment.id} amount={amount} />
        ) : null}
        {payment.provider === 'manual' ? (
          <p>
            This order is paid by bank transfer:{' '}
            <a href={`/orders/${detail.order.id}`}>see the bank details</a>.
          </p>
        ) : null}
      </section>
    </div>
  );
}

async function StripeSection(props: {
  scope: { accountId: string; storeKey: string };
  paymentId: string;
  amount: string;
}) {
  let stripe;
  try {
    stripe = await stripePayment(props.scope, props.paymentId);
  } catch (error) {
    if (isApiError(error)) return <p role="alert">{error.message}</p>;
    throw error;
  }
  // Back to the host the customer is on: Stripe needs an absolute return address.
  const h = await headers();
  const origin = `${h.get('x-forwarded-proto') === 'https' ? 'https' : 'http'}://${h.get('host')}`;
  return (
    <StripePay
      clientSecret={stripe.clientSecret}
      publishableKey={stripe.publishableKey}
      jsUrl={stripe.jsUrl}
      stripeAccount={stripe.stripeAccount}
      amount={props.amount}
      returnUrl={`${origin}/checkout/return?payment=${props.paymentId}`}
    />
  );
}
