import 'server-only';
import Stripe from 'stripe';
import type { PaymentStatus } from '../payment-types';
import {
  invalidEvent,
  invalidSignature,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderOutcome,
} from './provider';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret: events of connected accounts are signed with it. */
  connectWebhookSecret?: string;
  /** A Stripe-compatible server instead of api.stripe.com (a mirror, or the tests' server). */
  apiUrl?: string;
};

/** The SDK's connection options for STRIPE_API_URL: host, port and protocol. */
export function stripeConnection(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** The SDK's name of an error it threw (`StripeCardError`, ...), if it threw it. */
export function stripeErrorType(error: unknown): string | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

/** Stripe's PaymentIntent statuses in the product's words. */
function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
    case 'requires_confirmation':
    case 'requires_capture':
    case 'processing':
      return 'requires_action';
    case 'canceled':
      return 'failed';
    default:
      // requires_payment_method: never tried, or the last try was declined.
      return intent.last_payment_error ? 'failed' : 'requires_payment';
  }
}

function outcomeOf(intent: Stripe.PaymentIntent): ProviderOutcome {
  const status = statusOf(intent);
  const pm = intent.payment_method;
  const pmId = typeof pm === 'string' ? pm : (pm?.id ?? null);
  const card = typeof pm === 'object' && pm?.card ? pm.card : null;
  const customer =
    typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  return {
    status,
    failureMessage:
      status === 'failed'
        ? (intent.last_payment_error?.message ??
          (intent.status === 'canceled' ? 'The payment was cancelled.' : 'The payment failed.'))
        : null,
    method:
      status === 'succeeded' && pmId
        ? {
            providerRef: pmId,
            customerRef: customer,
            label: card ? `${card.brand} ending ${card.last4}` : 'Card',
          }
        : null,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stripe's `account` of a Connect event: the connected account it happened in. */
function accountOf(event: Record<string, unknown>): string | null {
  return typeof event.account === 'string' && event.account ? event.account : null;
}

/** The request option that sends a call to a connected account (the Stripe-Account header). */
const onAccount = (stripeAccount: string | null) => (stripeAccount ? { stripeAccount } : {});

/**
 * A verified event in the product's words. Signed is not well formed: an event without an id, a
 * type or `data.object`, or an intent without its id, amount and currency, is refused (400).
 */
function eventOf(event: unknown): ProviderEvent {
  if (!isObject(event) || typeof event.id !== 'string' || !event.id) {
    throw invalidEvent('The event has no id.');
  }
  if (typeof event.type !== 'string' || !isObject(event.data) || !isObject(event.data.object)) {
    throw invalidEvent('The event has no type or no data.object.');
  }
  const object = event.data.object;
  if (object.object !== 'payment_intent') {
    return {
      id: event.id,
      type: event.type,
      account: accountOf(event),
      intent: null,
      outcome: null,
      aboutAccount: object.object === 'account' && typeof object.id === 'string' ? object.id : null,
    };
  }
  if (
    typeof object.id !== 'string' ||
    !Number.isSafeInteger(object.amount) ||
    typeof object.currency !== 'string'
  ) {
    throw invalidEvent('The payment intent has no id, amount or currency.');
  }
  const metadata = isObject(object.metadata) ? object.metadata : {};
  const intent = object as unknown as Stripe.PaymentIntent;
  return {
    id: event.id,
    type: event.type,
    account: accountOf(event),
    intent: {
      ref: intent.id,
      amount: intent.amount,
      currency: intent.currency.toUpperCase(),
      paymentId: typeof metadata.payment_id === 'string' ? metadata.payment_id : null,
    },
    outcome: outcomeOf(intent),
    aboutAccount: null,
  };
}

/**
 * Stripe through its official SDK. Every call that creates or changes something carries an
 * idempotency key made from our payment id, so retries (ours or the SDK's) never charge twice.
 * Webhooks are verified on the raw body with the SDK (`webhooks.constructEvent`).
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...stripeConnection(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  async function customerFor(
    customer: { accountId: string; email: string; name: string },
    stripeAccount: string | null,
  ) {
    // Direct charges keep their customer in the connected account: one per account there.
    const created = await stripe.customers.create(
      { email: customer.email, name: customer.name, metadata: { account_id: customer.accountId } },
      {
        idempotencyKey: `customer-${customer.accountId}${stripeAccount ? `-${stripeAccount}` : ''}`,
        ...onAccount(stripeAccount),
      },
    );
    return created.id;
  }

  return {
    name: 'stripe',
    takesMoney: true,
    async start(payment) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.amount,
          currency: payment.currency.toLowerCase(),
          description: `Order ${payment.orderNumber}`,
          metadata: {
            payment_id: payment.paymentId,
            order_id: payment.orderId,
            order_number: payment.orderNumber,
          },
          automatic_payment_methods: { enabled: true },
          ...(payment.saveMethod
            ? {
                customer: await customerFor(payment.customer, payment.stripeAccount),
                setup_future_usage: 'off_session',
              }
            : {}),
        },
        {
          idempotencyKey: `payment-${payment.paymentId}-create`,
          ...onAccount(payment.stripeAccount),
        },
      );
      return { providerRef: intent.id, clientSecret: intent.client_secret ?? undefined };
    },
    async retrieve(providerRef, on) {
      return outcomeOf(
        await stripe.paymentIntents.retrieve(
          providerRef,
          { expand: ['payment_method'] },
          onAccount(on.stripeAccount),
        ),
      );
    },
    async cancel(paymentId, providerRef, on) {
      try {
        return outcomeOf(
          await stripe.paymentIntents.cancel(
            providerRef,
            {},
            { idempotencyKey: `payment-${paymentId}-cancel`, ...onAccount(on.stripeAccount) },
          ),
        );
      } catch (error) {
        // A succeeded (or already cancelled) intent cannot be cancelled: say where it stands.
        // The SDK's errors are told apart by their type, not their classes (src/lib/error-code.ts).
        if (stripeErrorType(error) === 'StripeInvalidRequestError') {
          return outcomeOf(
            await stripe.paymentIntents.retrieve(providerRef, {}, onAccount(on.stripeAccount)),
          );
        }
        throw error;
      }
    },
    async chargeSaved(payment, method) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: payment.amount,
            currency: payment.currency.toLowerCase(),
            description: `Order ${payment.orderNumber}`,
            metadata: { payment_id: payment.paymentId, order_id: payment.orderId },
            ...(method.customerRef ? { customer: method.customerRef } : {}),
            payment_method: method.providerRef,
            off_session: true,
            confirm: true,
          },
          {
            idempotencyKey: `payment-${payment.paymentId}-charge`,
            ...onAccount(payment.stripeAccount),
          },
        );
        return { ...outcomeOf(intent), providerRef: intent.id };
      } catch (error) {
        if (stripeErrorType(error) === 'StripeCardError') {
          const declined = error as Stripe.errors.StripeCardError;
          return {
            status: 'failed',
            failureMessage: declined.message,
            providerRef: declined.payment_intent?.id ?? null,
          };
        }
        throw error;
      }
    },
    parseWebhook(rawBody, signature): ProviderEvent {
      // Signed by the platform endpoint's secret or by the Connect endpoint's (decision 0271).
      const secrets = [options.webhookSecret, options.connectWebhookSecret].filter(
        (secret): secret is string => Boolean(secret),
      );
      for (const secret of secrets) {
        let event: unknown;
        try {
          event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
        } catch (error) {
          // The signature is checked first; what fails after it is the body, signed but not JSON.
          if (!signature || stripeErrorType(error) === 'StripeSignatureVerificationError') {
            continue;
          }
          throw invalidEvent('The event is not JSON.');
        }
        return eventOf(event);
      }
      throw invalidSignature();
    },
    async refund(payment) {
      const refund = await stripe.refunds.create(
        { payment_intent: payment.providerRef, amount: payment.amount },
        {
          idempotencyKey: payment.idempotencyKey ?? `payment-${payment.paymentId}-refund`,
          ...onAccount(payment.stripeAccount),
        },
      );
      return { refundRef: refund.id };
    },
  };
}
