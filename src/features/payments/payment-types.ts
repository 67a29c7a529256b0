/** Payments as the API answers them; types only, for the server and the browser. */

/**
 * `processing`: a kept method is being charged right now (no second charge starts meanwhile);
 * `refunded`: the provider took it after the order was already paid, and it went back.
 */
export const PAYMENT_STATUSES = [
  'requires_payment',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type ProviderName = 'demo' | 'manual' | 'stripe';

export type Payment = {
  id: string;
  provider: ProviderName;
  status: PaymentStatus;
  /** Where the customer goes to pay: a page of the store. */
  redirect_url: string;
  amount: number;
  currency: 'GBP' | 'USD';
  failure_message: string | null;
  created_at: string;
};

/** What the demo pay page sends: `authenticate` asks for a second confirmation first. */
export const DEMO_OUTCOMES = ['succeed', 'decline', 'authenticate'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/** A kept payment method as the account's calls answer it: never card data. */
export type PaymentMethodView = {
  id: string;
  provider: string;
  label: string;
  is_default: boolean;
  created_at: string;
};
