import { describe, expect, it } from 'vitest';
import type { TldPrice } from '@/features/tenancy/store-types';
import { restorePrice } from './restore-price';

const price = (siteVersion: 1 | 2, tld: string, restoreNet: number): TldPrice => ({
  siteVersion,
  tld,
  registerNet: 999,
  renewNet: 1299,
  transferNet: 999,
  restoreNet,
  featured: false,
  sortOrder: 0,
});

const store = { prices: [price(1, 'uk', 4000), price(1, 'co.uk', 6500), price(2, 'com', 8000)] };

describe('restorePrice', () => {
  it('is the price list’s restore price of the longest matching TLD, with its VAT', () => {
    expect(restorePrice(store, 1, 'example.co.uk')).toEqual({ net: 6500, vat: 1300, gross: 7800 });
    expect(restorePrice(store, 1, 'Example.UK')).toEqual({ net: 4000, vat: 800, gross: 4800 });
    expect(restorePrice(store, 2, 'example.com')).toEqual({ net: 8000, vat: 0, gross: 8000 });
  });

  it('is none when the list does not price the TLD in that site version', () => {
    expect(restorePrice(store, 2, 'example.co.uk')).toBeNull();
    expect(restorePrice(store, 1, 'example.org')).toBeNull();
  });
});
