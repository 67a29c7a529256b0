import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { lockOrderForUpdate, orderById } from '@/features/orders/server/orders.server';
import { InvalidSignatureError, type ProviderOutcome } from '@/features/payments/server/provider';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import {
  lockPaymentForUpdate,
  paymentById,
  paymentByProviderRef,
  recordProviderEvent,
  setPaymentStatus,
  setProviderRef,
  type PaymentRow,
} from '@/features/payments/server/payments.server';
import { getEnv } from '@/lib/env';
import { isUuid } from '@/lib/uuid';
import { finishPayment } from './finish.server';
import { accountPayment } from './payment-actions.server';

/**
 * Stripe's side of the checkout (issue 14 point 5): the PaymentIntent behind a pay page, the
 * browser's return from paying, and the webhook. The return and the webhook both end in the one
 * locked finish step, so whichever comes first finishes the order and the other finds it done.
 */

type AccountScope = { accountId: string; storeKey: string };

/** What the Stripe pay page needs: the intent's client secret and the publishable key. */
export async function stripePayment(
  scope: AccountScope,
  paymentId: string,
): Promise<{ payment: PaymentRow; clientSecret: string; publishableKey: string; jsUrl: string }> {
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
      name: (found.order.billing as { name: string }).name,
    },
  });
  if (!payment.providerRef && started.providerRef) {
    await setProviderRef(payment.id, started.providerRef, clockNow());
  }
  return {
    payment: { ...payment, providerRef: started.providerRef },
    clientSecret: started.clientSecret ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    jsUrl: env.STRIPE_JS_URL,
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
    if (!locked || locked.status === 'succeeded' || locked.status === outcome.status) return;
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
  const outcome = await providerNamed('stripe').retrieve(payment.providerRef);
  if (outcome.status === 'succeeded') {
    await finishPayment(payment.id, { method: outcome.method });
    return `/orders/${payment.orderId}`;
  }
  await recordOutcome(payment, outcome);
  return `/checkout/pay/${payment.id}`;
}

/**
 * POST /api/payments/stripe/webhook: verified on the raw body (400 and nothing changes when the
 * signature is wrong), each event handled once whatever the order they come in.
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
): Promise<{ received: true; duplicate?: boolean }> {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new ApiError(404, 'not_found', 'There is no such API path.');
  }
  let event;
  try {
    event = providerNamed('stripe').parseWebhook(rawBody, signature);
  } catch (error) {
    if (!(error instanceof InvalidSignatureError)) throw error;
    throw new ApiError(400, 'invalid_signature', 'The webhook signature does not verify.');
  }
  const payment =
    (event.paymentRef ? await paymentByProviderRef('stripe', event.paymentRef) : null) ??
    (event.paymentId && isUuid(event.paymentId) ? await paymentById(event.paymentId) : null);
  const record = { provider: 'stripe' as const, id: event.id, type: event.type };
  if (!payment || !event.outcome || payment.provider !== 'stripe') {
    // Not about one of our payments: kept as seen, so a redelivery is answered the same.
    const db = await appDb();
    await db.transaction((tx) =>
      recordProviderEvent(tx, { ...record, eventId: event.id, now: clockNow() }),
    );
    return { received: true };
  }
  if (event.outcome.status === 'succeeded') {
    const result = await finishPayment(payment.id, { method: event.outcome.method, event: record });
    return result.finished ? { received: true } : { received: true, duplicate: true };
  }
  await recordOutcome(payment, event.outcome, record);
  return { received: true };
}
