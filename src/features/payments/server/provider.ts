import { ApiError } from '@/lib/http/api-response';
import type { PaymentStatus, ProviderName } from '../payment-types';

/**
 * One interface for every payment provider (docs/decisions/0062, 0120).
 * Providers never decide amounts: they are given the order's. Each call that reaches an outside
 * service carries an idempotency key derived from our payment id, so a retry never pays twice.
 */

/** Where a payment stands at the provider, and the method it was paid with when it succeeded. */
export type ProviderOutcome = {
  status: PaymentStatus;
  failureMessage?: string | null;
  /** The method used, when the provider can keep it for later charges. */
  method?: { providerRef: string; customerRef: string | null; label: string } | null;
};

export type ProviderPayment = {
  paymentId: string;
  orderId: string;
  orderNumber: string;
  amount: number;
  currency: 'GBP' | 'USD';
  /** Keep the method for renewals (the customer asked for it). */
  saveMethod: boolean;
  customer: { accountId: string; email: string; name: string };
  /**
   * The store's connected account the order pays (Stripe Connect direct charges, decision 0230);
   * null: the platform's own account.
   */
  stripeAccount: string | null;
};

/** Which account a call about an existing payment goes to: null, the platform's. */
export type OnAccount = { stripeAccount: string | null };

/** A provider's webhook event, verified, in the product's words. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The connected account the event happened in (Stripe's `account`); null: the platform's. */
  account: string | null;
  /** The provider's payment the event is about (a PaymentIntent), when it is about one. */
  intent: {
    ref: string;
    /** What it was for, in minor units and ISO currency: checked against our payment. */
    amount: number;
    currency: string;
    /** The payment id its metadata names: for the logs only, anyone can write metadata. */
    paymentId: string | null;
  } | null;
  outcome: ProviderOutcome | null;
  /** The connected account an `account.*` event is about (Stripe's data.object.id), else null. */
  aboutAccount?: string | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Starts the payment at the provider (Stripe: a PaymentIntent). Answers its reference and what
   * the browser needs to pay it; null reference for providers with no outside service.
   */
  start(payment: ProviderPayment): Promise<{ providerRef: string | null; clientSecret?: string }>;
  /** Where a started payment stands at the provider now. */
  retrieve(providerRef: string, on: OnAccount): Promise<ProviderOutcome>;
  /** Stops a payment nobody finished; answers where it stands after (it may have succeeded). */
  cancel(paymentId: string, providerRef: string, on: OnAccount): Promise<ProviderOutcome>;
  /** Charges a kept method without the customer (renewals, bills paid from the dashboard). */
  chargeSaved(
    payment: Omit<ProviderPayment, 'saveMethod'>,
    method: { providerRef: string; customerRef: string | null },
  ): Promise<ProviderOutcome & { providerRef: string | null }>;
  /**
   * Verifies a webhook on its raw body: 400 `invalid_signature` when it is not genuine, 400
   * `invalid_event` when it is signed but not an event.
   */
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
  /**
   * True when a success means the provider took money, which only a refund through it gives back
   * (the demo's and a bank transfer's do not: nothing moved through a provider).
   */
  readonly takesMoney: boolean;
  /** Gives a taken payment back in full; the same payment id refunds once, however often asked. */
  refund(payment: {
    paymentId: string;
    providerRef: string;
    amount: number;
    /** A refund of part of a payment names its own key (the store admin's refund by line). */
    idempotencyKey?: string;
    /** The account that took the payment: a refund goes back through it. */
    stripeAccount: string | null;
  }): Promise<{ refundRef: string }>;
}

export const invalidSignature = () =>
  new ApiError(400, 'invalid_signature', 'The webhook signature does not verify.');

export const invalidEvent = (why: string) =>
  new ApiError(400, 'invalid_event', `The webhook body is not a payment event: ${why}`);
