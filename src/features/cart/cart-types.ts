import type { MoneyLine } from '@/features/pricing/money';
import type { SiteVersionId } from '@/features/site-version/site-version';

/** The cart as the API answers it (GET/POST/PUT/DELETE /api/cart); types only, for both sides. */
export type { MoneyLine };

export type CartLine = {
  id: string;
  type: 'domain_registration' | 'domain_transfer' | 'number' | 'plan';
  label: string;
  domain?: string;
  years?: number;
  number?: string;
  plan?: string;
  users?: number;
  /** When the number's hold ends (ISO time, by the store's clock). */
  held_until?: string;
  /**
   * Whole seconds the hold has left when the answer was made. The page counts down from this,
   * not from held_until: a browser's clock may be off by minutes or days.
   */
  hold_seconds_left?: number;
  /** Set when the line cannot be bought as it stands; such lines are left out of the totals. */
  unavailable?: 'not_sold_in_site_version' | 'hold_expired' | 'plan_withdrawn';
  /** Due today for this line. */
  price: MoneyLine;
  /** What the line costs again later, and how often. */
  recurring: MoneyLine & { period: 'month' | 'year' };
};

export type Cart = {
  /** null until the first line is added: reading a cart never writes one. */
  id: string | null;
  version: number;
  site_version: SiteVersionId;
  currency: 'GBP' | 'USD';
  items: CartLine[];
  totals: { due_today: MoneyLine; recurring: { monthly: MoneyLine; yearly: MoneyLine } };
  dropped: { type: string; label: string; reason: string }[];
};

export const CART_KEY = '/api/cart';

/**
 * docs/contract/constants-and-errors.md: the fly-out closes itself this long after the last flash
 * update.
 */
export const FLYOUT_CLOSE_MS = 5_000;

/** The cart version as an ETag, which a change may send back in If-Match. */
export function cartEtag(cart: Pick<Cart, 'version'>): { etag: string } {
  return { etag: `"${cart.version}"` };
}
