import 'server-only';
import type { AppDb } from '@/lib/db/client';
import type { CartLine } from '@/features/cart/cart-types';
import type { CartView } from '@/features/cart/server/cart-pricing.server';
import {
  priceCartFor,
  type CartForCheckout,
  type CartItemRow,
} from '@/features/cart/server/cart-checkout.server';
import { availability } from '@/features/catalog/server/availability-config.server';
import type { Availability } from '@/features/catalog/server/availability.server';
import { holdNumberForCart } from '@/features/catalog/server/inventory.server';
import { formatMoney } from '@/features/pricing/format-money';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import type { CheckoutChange, CheckoutRequirement } from '../checkout-types';
import { findQuotes, type Quote } from './checkout-repository.server';

/**
 * The re-check before payment, shared by GET /api/checkout and the order
 * call: the availability source is asked again for every domain, each number's hold is checked
 * and extended to 30 minutes, and the lines are priced again from the catalog.
 */

export const CHECKOUT_HOLD_MS = 30 * 60_000;

/** Whom and what a checkout call is for. */
export type CheckoutScope = {
  store: Store;
  storeHost: string;
  siteVersion: SiteVersionId;
  user: { id: string; accountId: string; email: string; name: string };
};

export type LineProblem = {
  kind: Exclude<CheckoutChange['kind'], 'price_changed'>;
  message: string;
};

/** Asked before any transaction: a remote source must not hold the cart's lock. */
export async function domainStatuses(items: CartItemRow[]): Promise<Map<string, Availability>> {
  const domains = items.flatMap((i) => (i.domain ? [i.domain] : []));
  if (domains.length === 0) return new Map();
  return availability().checkAll(domains);
}

/** The country a number belongs to, by its E.164 prefix. */
export function numberCountry(number: string): 'GB' | 'US' {
  return number.startsWith('+44') ? 'GB' : 'US';
}

/**
 * Inside the checkout's transaction: extends the holds, prices the cart and says what is wrong
 * with each line that can no longer be bought as it is.
 */
export async function inspectCart(
  tx: AppDb,
  scope: CheckoutScope,
  found: CartForCheckout,
  statuses: Map<string, Availability>,
  now: Date,
): Promise<{ view: CartView; problems: Map<string, LineProblem> }> {
  const lost = new Set<string>();
  for (const item of found.items) {
    if (item.type !== 'number' || !item.number) continue;
    const held = await holdNumberForCart(tx, {
      number: item.number,
      cartId: found.cart.id,
      until: new Date(now.getTime() + CHECKOUT_HOLD_MS),
      now,
    });
    if (!held) lost.add(item.id);
  }
  const view = await priceCartFor(tx, found, {
    prices: scope.store.prices,
    siteVersion: scope.siteVersion,
    now,
  });
  const problems = new Map<string, LineProblem>();
  for (const line of view.items) {
    const problem = problemOf(line, lost.has(line.id), statuses);
    if (problem) problems.set(line.id, problem);
  }
  return { view, problems };
}

function problemOf(
  line: CartLine,
  holdLost: boolean,
  statuses: Map<string, Availability>,
): LineProblem | null {
  if (holdLost) {
    return {
      kind: 'hold_lost',
      message: `Someone else now holds ${line.label}, so it was removed from your cart.`,
    };
  }
  // A line not sold in this currency is set aside, not removed: it stays in the cart for when
  // the shopper switches back, and the order leaves it out (docs/decisions/0142).
  if (line.unavailable === 'plan_withdrawn') {
    return {
      kind: 'not_sold',
      message: `${line.label} is no longer offered, so it was removed from your cart.`,
    };
  }
  const status = line.domain ? statuses.get(line.domain) : undefined;
  if (line.type === 'domain_registration' && status === 'taken') {
    return {
      kind: 'taken',
      message: `${line.label} was registered by someone else, so it was removed from your cart.`,
    };
  }
  if (line.type === 'domain_transfer' && status === 'available') {
    return {
      kind: 'not_sold',
      message: `Nobody holds ${line.label} any more, so it cannot be transferred: it was removed from your cart.`,
    };
  }
  return null;
}

/** Lines whose price is not the one the checkout last showed, in the same site version. */
export function priceChanges(
  view: CartView,
  quotes: Map<string, Quote>,
  skip: Map<string, LineProblem>,
): CheckoutChange[] {
  return view.items.flatMap((line) => {
    const quote = quotes.get(line.id);
    if (skip.has(line.id) || !quote || quote.siteVersion !== view.site_version) return [];
    if (quote.net === line.price.net) return [];
    const was = formatMoney(quote.net, view.site_version);
    const is = formatMoney(line.price.net, view.site_version);
    return [
      {
        line_id: line.id,
        kind: 'price_changed' as const,
        message: `The price of ${line.label} changed from ${was} to ${is} (ex VAT).`,
      },
    ];
  });
}

export { findQuotes };

/** What the order call will still need, for the lines the cart has. */
export function requirementsOf(view: CartView, hasBilling: boolean): CheckoutRequirement[] {
  const needs: CheckoutRequirement[] = hasBilling
    ? []
    : [
        {
          line_id: null,
          kind: 'billing_details',
          fields: ['name', 'line1', 'city', 'postcode', 'country'],
        },
      ];
  for (const line of view.items) {
    if (line.unavailable) continue;
    if (line.type === 'domain_registration' && line.domain?.endsWith('.us')) {
      needs.push({ line_id: line.id, kind: 'registrant', fields: ['us_nexus_category'] });
    }
    if (line.type === 'number' && line.number) {
      const country = numberCountry(line.number);
      needs.push({
        line_id: line.id,
        kind: 'number_address',
        // A US address names its state (docs/decisions/0308).
        fields:
          country === 'US'
            ? ['line1', 'city', 'region', 'postcode', 'country']
            : ['line1', 'city', 'postcode', 'country'],
        country,
      });
    }
  }
  return needs;
}
