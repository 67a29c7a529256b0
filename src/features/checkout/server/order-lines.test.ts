import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/features/cart/cart-types';
import type { CartItemRow } from '@/features/cart/server/cart-checkout.server';
import { priceLine, priceUnits } from '@/features/pricing/money';
import { orderLineOf } from './order-lines';

// What an order keeps of each priced cart line (docs/decisions/0060, 0108): the figures the
// shopper confirmed, a unit that times the quantity is the line's total, and the VAT rate.
const NONE = { net: 0, vat: 0, gross: 0 };

function line(fields: Partial<CartLine> & Pick<CartLine, 'type' | 'label' | 'price'>): CartLine {
  return { id: 'line-1', recurring: { ...NONE, period: 'year' }, ...fields };
}

describe('orderLineOf', () => {
  it('keeps a domain registration as one item for its years, at the price confirmed', () => {
    const price = priceUnits(1_174, 2, 2000);
    const kept = orderLineOf(
      line({
        type: 'domain_registration',
        label: 'example.com',
        domain: 'example.com',
        years: 2,
        price,
        recurring: { ...priceLine(1_174, 2000), period: 'year' },
      }),
      undefined,
      1,
    );
    expect(kept).toEqual({
      type: 'domain_registration',
      label: 'example.com',
      domain: 'example.com',
      years: 2,
      quantity: 1,
      unit: price,
      total: price,
      vatRateBp: 2000,
      recurring: { net: 1_174, vat: 235, gross: 1_409, period: 'year' },
    });
  });

  it('keeps a transfer’s auth code from the cart row, and none when the row has none', () => {
    const transfer = line({
      type: 'domain_transfer',
      label: 'example.org',
      domain: 'example.org',
      price: priceLine(999, 2000),
    });
    const row: CartItemRow = {
      id: 'line-1',
      type: 'domain_transfer',
      domain: 'example.org',
      years: null,
      authCode: 'Xy7-secret',
      number: null,
      plan: null,
      users: null,
    };
    expect(orderLineOf(transfer, row, 1)).toMatchObject({ authCode: 'Xy7-secret', quantity: 1 });
    expect(orderLineOf(transfer, undefined, 1)).toMatchObject({ authCode: null });
  });

  it('prices a plan per seat: the unit times the seats is the line’s total', () => {
    const price = priceUnits(800, 3, 2000);
    const kept = orderLineOf(
      line({
        type: 'plan',
        label: 'Business plan',
        plan: 'business',
        users: 3,
        price,
        recurring: { ...price, period: 'month' },
      }),
      undefined,
      1,
    );
    expect(kept).toMatchObject({ plan: 'business', users: 3, quantity: 3 });
    expect(kept.unit).toEqual({ net: 800, vat: 160, gross: 960 });
    expect(kept.total).toEqual({ net: 2_400, vat: 480, gross: 2_880 });
    expect(kept.unit.gross * kept.quantity).toBe(kept.total.gross);
  });

  it('carries no VAT in site version 2', () => {
    const kept = orderLineOf(
      line({
        type: 'number',
        label: '+1 212 555 0101',
        number: '+12125550101',
        price: priceLine(500, 0),
      }),
      undefined,
      2,
    );
    expect(kept).toMatchObject({ vatRateBp: 0, quantity: 1, unit: { net: 500, gross: 500 } });
  });
});
