import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import type { OrderRow } from '@/features/orders/server/orders.server';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import {
  accountPaymentMethods,
  createPayment,
  setPaymentStatus,
  setProviderRef,
  type PaymentMethodRow,
} from '@/features/payments/server/payments.server';
import { finishPayment } from './finish.server';

/**
 * Charging a bill to a kept payment method, without the customer (renewals, and a bill paid from
 * the dashboard): a payment attempt is recorded first as `processing` (in the caller's
 * transaction, with the step that decides it), then the provider is asked with that attempt's
 * idempotency key, then the one finish step runs. A retry of the job finds the step taken and
 * charges nothing again.
 */

/** The method renewals of a service are charged to: its own, else the account's default. */
export async function chargeableMethod(
  accountId: string,
  preferredId: string | null,
): Promise<PaymentMethodRow | null> {
  const methods = await accountPaymentMethods(accountId);
  return (
    methods.find((m) => m.id === preferredId) ??
    methods.find((m) => m.isDefault) ??
    methods[0] ??
    null
  );
}

/** Records the attempt to charge `bill` to `method`, in the caller's transaction. */
export async function recordCharge(
  tx: AppDb,
  bill: OrderRow,
  method: PaymentMethodRow,
): Promise<string> {
  const payment = await createPayment(tx, {
    orderId: bill.id,
    storeKey: bill.storeKey,
    accountId: bill.accountId,
    provider: method.provider,
    amount: bill.totalGross,
    currency: bill.currency,
    now: clockNow(),
    status: 'processing',
  });
  return payment.id;
}

export type ChargeOutcome = { paid: true } | { paid: false; reason: string; notPayable?: boolean };

/** Asks the provider to take a recorded attempt; finishes the bill when it succeeds. */
export async function runCharge(
  paymentId: string,
  bill: OrderRow,
  method: PaymentMethodRow,
  customer: { email: string; name: string },
): Promise<ChargeOutcome> {
  const provider = providerNamed(method.provider);
  // A card kept in one Stripe account cannot be charged in another (the store connected or
  // disconnected its own account since): the customer pays the bill on its page (decision 0230).
  if (method.provider === 'stripe' && (method.stripeAccount ?? null) !== bill.stripeAccount) {
    const reason = 'The kept card belongs to another payment account: please pay this bill.';
    await setPaymentStatus(await appDb(), paymentId, {
      status: 'requires_payment',
      failureMessage: null,
      now: clockNow(),
    });
    return { paid: false, reason };
  }
  const outcome = await provider.chargeSaved(
    {
      paymentId,
      orderId: bill.id,
      orderNumber: bill.number,
      amount: bill.totalGross,
      currency: bill.currency,
      customer: { accountId: bill.accountId, ...customer },
      stripeAccount: bill.stripeAccount,
    },
    { providerRef: method.providerRef, customerRef: method.customerRef },
  );
  if (outcome.providerRef) await setProviderRef(paymentId, outcome.providerRef, clockNow());
  if (outcome.status === 'succeeded') {
    const result = await finishPayment(paymentId);
    if (!result.refused) return { paid: true };
    return {
      paid: false,
      notPayable: true,
      reason: `Order ${bill.number} was already paid: this charge was not kept.`,
    };
  }
  const reason = outcome.failureMessage ?? 'The payment was not accepted.';
  // No longer `processing`: declined, or waiting on the customer (a bank transfer, 3-D Secure).
  await setPaymentStatus(await appDb(), paymentId, {
    status: outcome.status,
    failureMessage: outcome.status === 'failed' ? reason : null,
    now: clockNow(),
  });
  return { paid: false, reason };
}
