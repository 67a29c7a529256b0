import type { Cart } from '@/features/cart/cart-types';

/** GET /api/checkout's answer; types only, for the server and the browser. */

export type CheckoutChangeKind = 'taken' | 'price_changed' | 'hold_lost' | 'not_sold';

export type CheckoutChange = { line_id: string; kind: CheckoutChangeKind; message: string };

export type CheckoutRequirement = {
  /** The cart line it is for; null for the billing details. */
  line_id: string | null;
  kind: 'billing_details' | 'registrant' | 'number_address';
  fields: string[];
  /** A number's address must be in the number's country. */
  country?: 'GB' | 'US';
};

export type Checkout = {
  cart: Cart;
  changes: CheckoutChange[];
  requirements: CheckoutRequirement[];
};

/** An order placed and not paid yet, which the checkout shows instead of an empty cart. */
export type WaitingOrder = { id: string; number: string; total: string; payUrl: string };
