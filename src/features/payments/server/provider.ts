import type { PaymentStatus, ProviderName } from '../payment-types';

/**
 * One interface for every payment provider (docs/contract/architecture.md "Payments",
 * docs/decisions/0062). Providers never decide amounts: they are given the order's. Each call that
 * reaches an outside service carries an idempotency key derived from our payment id, so a retry
 * never pays twice.
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
};

/** A provider's webhook event, verified, in the product's words. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The provider's reference of the payment the event is about, when it is about one. */
  paymentRef: string | null;
  /** Our payment id, as we gave it to the provider (metadata), when the event carries it. */
  paymentId: string | null;
  outcome: ProviderOutcome | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Starts the payment at the provider (Stripe: a PaymentIntent). Answers its reference and what
   * the browser needs to pay it; null reference for providers with no outside service.
   */
  start(payment: ProviderPayment): Promise<{ providerRef: string | null; clientSecret?: string }>;
  /** Where a started payment stands at the provider now. */
  retrieve(providerRef: string): Promise<ProviderOutcome>;
  /** Stops a payment nobody finished; answers where it stands after (it may have succeeded). */
  cancel(paymentId: string, providerRef: string): Promise<ProviderOutcome>;
  /** Charges a kept method without the customer (renewals). */
  chargeSaved(
    payment: Omit<ProviderPayment, 'saveMethod'>,
    method: { providerRef: string; customerRef: string | null },
  ): Promise<ProviderOutcome & { providerRef: string | null }>;
  /** Verifies a webhook on its raw body; throws InvalidSignatureError when it is not genuine. */
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
}

export class InvalidSignatureError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidSignatureError';
  }
}
