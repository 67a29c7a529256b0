import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { logger } from '@/lib/logger';
import { lockOrderForUpdate, orderById } from '@/features/orders/server/orders.server';
import type { ProviderEvent, ProviderOutcome } from '@/features/payments/server/provider';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import {
  lockPaymentForUpdate,
  paymentByProviderRef,
  recordProviderEvent,
  setPaymentStatus,
  setProviderRef,
  type PaymentRow,
} from '@/features/payments/server/payments.server';
import { getEnv } from '@/lib/env';
import { finishPayment } from './finish.server';
import { accountPayment } from './payment-actions.server';

/**
 * Stripe's side of paying: the PaymentIntent behind a pay page, the browser's return from
 * paying, and the webhook. The return and the webhook both end in the one
 * locked finish step, so whichever comes first finishes the order and the other finds it done.
 */

type AccountScope = { accountId: string; storeKey: string };

/** What the Stripe pay page needs: the intent's client secret and the publishable key. */
export async function stripePayment(
  scope: AccountScope,
  paymentId: string,
): Promise<{
  payment: PaymentRow;
  clientSecret: string;
  publishableKey: string;
  jsUrl: string;
  /** The connected account the intent lives in: Stripe.js must be told (direct charges). */
  stripeAccount: string | null;
}> {
  const payment = await accountPayment(scope, paymentId);
  const env = getEnv();
  if (payment.provider !== 'stripe' || !env.STRIPE_PUBLISHABLE_KEY) {
    throw new ApiError(409, 'not_a_stripe_payment', 'This payment is not made with Stripe.');
  }
  const found = (await orderById(await appDb(), payment.orderId))!;
  // Created on first sight, and the same intent every time after: the create call's idempotency
  // key is made from our payment id, so Stripe answers the intent it made the first time.
  const started = await providerNamed('stripe').start({
    paymentId: payment.id,
    orderId: found.order.id,
    orderNumber: found.order.number,
    amount: payment.amount,
    currency: payment.currency,
    saveMethod: found.order.savePaymentMethod,
    customer: {
      accountId: found.order.accountId,
      email: found.order.email,
      name: found.order.billing.name,
    },
    // The store's connected account when it sells in its own name (decision 0230).
    stripeAccount: found.order.stripeAccount,
  });
  if (!payment.providerRef && started.providerRef) {
    await setProviderRef(payment.id, started.providerRef, clockNow());
  }
  return {
    payment: { ...payment, providerRef: started.providerRef },
    clientSecret: started.clientSecret ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    jsUrl: env.STRIPE_JS_URL,
    stripeAccount: found.order.stripeAccount,
  };
}

/** Applies a provider's word on a payment that did not succeed (it never undoes a success). */
async function recordOutcome(
  payment: PaymentRow,
  outcome: ProviderOutcome,
  event?: { id: string; type: string },
): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    const now = clockNow();
    if (event) {
      const fresh = await recordProviderEvent(tx, {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        now,
      });
      if (!fresh) return;
    }
    await lockOrderForUpdate(tx, payment.orderId);
    const locked = await lockPaymentForUpdate(tx, payment.id);
    if (!locked || locked.status === outcome.status) return;
    if (locked.status === 'succeeded' || locked.status === 'refunded') return;
    // A failed attempt stays failed: a later "requires action" is an older event.
    if (locked.status === 'failed' && outcome.status !== 'failed') return;
    await setPaymentStatus(tx, payment.id, {
      status: outcome.status,
      failureMessage: outcome.failureMessage ?? null,
      now,
    });
  });
}

/**
 * The browser came back from paying (Stripe's return_url): asks Stripe where the intent stands
 * and finishes the order when it succeeded. Answers where the customer goes next.
 */
export async function stripeReturn(scope: AccountScope, paymentId: string): Promise<string> {
  const payment = await accountPayment(scope, paymentId);
  if (payment.provider !== 'stripe' || !payment.providerRef) return `/checkout/pay/${payment.id}`;
  const found = await orderById(await appDb(), payment.orderId);
  const outcome = await providerNamed('stripe').retrieve(payment.providerRef, {
    stripeAccount: found?.order.stripeAccount ?? null,
  });
  if (outcome.status === 'succeeded') {
    await finishPayment(payment.id, { method: outcome.method });
    return `/orders/${payment.orderId}`;
  }
  await recordOutcome(payment, outcome);
  return `/checkout/pay/${payment.id}`;
}

/**
 * Why an event is not applied to the payment it names, or null when it counts. It counts only for
 * the intent the payment recorded, from the order's Stripe account, for the payment's amount and
 * currency: a signed event about
 * another intent (someone else's account can sign events too) never pays an order.
 */
async function mismatch(event: ProviderEvent, payment: PaymentRow | null): Promise<string | null> {
  if (!payment || payment.provider !== 'stripe') return 'no payment recorded this intent';
  // Connect: an event counts only from the account the order pays, the store's connected
  // account or (null) the platform's own; another account's event never pays it (decision 0230).
  const found = await orderById(await appDb(), payment.orderId);
  if ((found?.order.stripeAccount ?? null) !== event.account) {
    return 'the event is from another Stripe account than the order’s';
  }
  if (event.intent!.amount !== payment.amount) return 'the amount is not the payment’s';
  if (event.intent!.currency !== payment.currency) return 'the currency is not the payment’s';
  return null;
}

/**
 * POST /api/payments/stripe/webhook: verified on the raw body (400 and nothing changes when the
 * signature is wrong or the body is not an event), each event handled once whatever the order
 * they come in. An event that does not count is kept as seen and logged, never applied.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
  /**
   * What a connected account's `account.updated` does (decisions 0271, 0278): given by the
   * route, as the store admin that keeps those accounts sits above this feature.
   */
  onAccountUpdated?: (stripeAccount: string) => Promise<void>,
): Promise<{ received: true; duplicate?: boolean }> {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new ApiError(404, 'not_found', 'There is no such API path.');
  }
  const event = providerNamed('stripe').parseWebhook(rawBody, signature);
  const record = { provider: 'stripe' as const, id: event.id, type: event.type };
  // A store's own account, onboarded or stopped by Stripe (decisions 0271, 0278). Only
  // the account's own event counts: a platform event about an account is not the account's word.
  if (
    onAccountUpdated &&
    event.type === 'account.updated' &&
    event.aboutAccount &&
    event.account === event.aboutAccount
  ) {
    await onAccountUpdated(event.aboutAccount);
  }
  const payment = event.intent ? await paymentByProviderRef('stripe', event.intent.ref) : null;
  const problem =
    event.intent && event.outcome ? await mismatch(event, payment) : 'not about a payment';
  if (problem || !payment || !event.outcome) {
    if (event.intent) {
      logger.warn(
        {
          event_id: event.id,
          type: event.type,
          intent: event.intent.ref,
          account: event.account,
          metadata_payment_id: event.intent.paymentId,
          payment_id: payment?.id ?? null,
          reason: problem,
        },
        'a Stripe event that does not count: kept, not applied',
      );
    }
    // Kept as seen, so a redelivery is answered the same.
    const db = await appDb();
    await db.transaction((tx) =>
      recordProviderEvent(tx, { ...record, eventId: event.id, now: clockNow() }),
    );
    return { received: true };
  }
  if (event.outcome.status === 'succeeded') {
    const result = await finishPayment(payment.id, { method: event.outcome.method, event: record });
    return result.finished || result.refused
      ? { received: true }
      : { received: true, duplicate: true };
  }
  await recordOutcome(payment, event.outcome, record);
  return { received: true };
}
