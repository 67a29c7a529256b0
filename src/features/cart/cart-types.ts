import type { SiteVersionId } from '@/features/site-version/site-version';

/** The cart as the API answers it (GET/POST/PUT/DELETE /api/cart); types only, for the browser. */
export type MoneyLine = { net: number; vat: number; gross: number };

export type CartLine = {
  id: string;
  type: 'domain_registration' | 'domain_transfer' | 'number' | 'plan';
  label: string;
  domain?: string;
  years?: number;
  number?: string;
  plan?: string;
  users?: number;
  held_until?: string;
  unavailable?: 'not_sold_in_site_version' | 'hold_expired' | 'plan_withdrawn';
  price: MoneyLine;
  recurring: MoneyLine & { period: 'month' | 'year' };
};

export type Cart = {
  id: string | null;
  version: number;
  site_version: SiteVersionId;
  currency: 'GBP' | 'USD';
  items: CartLine[];
  totals: { due_today: MoneyLine; recurring: { monthly: MoneyLine; yearly: MoneyLine } };
  dropped: { type: string; label: string; reason: string }[];
};

export const CART_KEY = '/api/cart';

/** SPEC section 9: the fly-out closes itself this long after the last flash update. */
export const FLYOUT_CLOSE_MS = 5_000;
