import { describe, expect, it } from 'vitest';
import { pricesOf, repricedLines } from './cart-prices-seen';
import type { Cart, CartLine } from './cart-types';

const money = (net: number) => ({ net, vat: 0, gross: net });

function domain(years: number, first: number, renew: number): CartLine {
  return {
    id: 'line-1',
    type: 'domain_registration',
    label: 'bakery.com',
    domain: 'bakery.com',
    years,
    price: money(first + renew * (years - 1)),
    recurring: { ...money(renew), period: 'year' },
  };
}

function cart(items: CartLine[], siteVersion: 1 | 2 = 1): Cart {
  return {
    id: 'cart-1',
    version: 2,
    site_version: siteVersion,
    currency: siteVersion === 1 ? 'GBP' : 'USD',
    items,
    totals: {
      due_today: money(0),
      recurring: { monthly: money(0), yearly: money(0) },
    },
    dropped: [],
  };
}

describe('which cart lines the store repriced since the shopper saw them', () => {
  it('names a line whose registration price the store changed', () => {
    const before = pricesOf(cart([domain(1, 1049, 1299)]));
    expect(repricedLines(before, cart([domain(1, 1500, 1299)]))).toEqual(['bakery.com']);
  });

  it('names a line whose renewal price alone changed', () => {
    const before = pricesOf(cart([domain(1, 1049, 1299)]));
    expect(repricedLines(before, cart([domain(1, 1049, 1399)]))).toEqual(['bakery.com']);
  });

  it('does not name a line whose years the shopper changed', () => {
    const before = pricesOf(cart([domain(1, 1049, 1299)]));
    expect(repricedLines(before, cart([domain(3, 1049, 1299)]))).toEqual([]);
  });

  it('names nothing when prices stand, nothing was seen, or the site version changed', () => {
    const seen = pricesOf(cart([domain(1, 1049, 1299)]));
    expect(repricedLines(seen, cart([domain(1, 1049, 1299)]))).toEqual([]);
    expect(repricedLines(null, cart([domain(1, 1500, 1299)]))).toEqual([]);
    expect(repricedLines(seen, cart([domain(1, 1500, 1299)], 2))).toEqual([]);
  });

  it('does not name a line that cannot be bought as it stands', () => {
    const before = pricesOf(cart([domain(1, 1049, 1299)]));
    const unavailable = { ...domain(1, 0, 0), unavailable: 'not_sold_in_site_version' as const };
    expect(repricedLines(before, cart([unavailable]))).toEqual([]);
  });
});
