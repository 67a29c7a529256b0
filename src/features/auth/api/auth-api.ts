'use client';

import type { CustomerUser } from '../customer-user';

/** The account screens use the product's one browser HTTP client (CSRF token fetched on demand). */
export { browserApi as authApi } from '@/lib/browser-api';

export { problemOf, type ApiProblem } from '@/lib/api-problem';

export type { CustomerUser };

export type CustomerAnswer = {
  user: CustomerUser | null;
  cart: { items: unknown[] };
  /** The VAT display kept for the visitor: the account's once signed in. */
  vat_display?: 'inc' | 'ex';
};
