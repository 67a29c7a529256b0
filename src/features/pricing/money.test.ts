import { describe, expect, it } from 'vitest';
import { UK_VAT_RATE_BP } from '@/features/site-version/site-version';
import { netGross, priceLine, priceUnits, sumLines, vatOn } from './money';

describe('money', () => {
  it('adds 20% UK VAT to a net price in pence', () => {
    expect(netGross(1000, UK_VAT_RATE_BP)).toEqual({ net: 1000, gross: 1200 });
    expect(netGross(1049, UK_VAT_RATE_BP)).toEqual({ net: 1049, gross: 1259 });
  });

  it('rounds VAT half-up per line', () => {
    // 17.5% of 2 = 0.35 -> 0; of 10 = 1.75 -> 2; of 1 = 0.175 -> 0; 5% of 10 = 0.5 -> 1
    expect(vatOn(2, 1750)).toBe(0);
    expect(vatOn(10, 1750)).toBe(2);
    expect(vatOn(10, 500)).toBe(1);
    expect(vatOn(30, 500)).toBe(2); // 1.5 -> 2
    expect(vatOn(29, 500)).toBe(1); // 1.45 -> 1
    expect(vatOn(1, UK_VAT_RATE_BP)).toBe(0); // 0.2
    expect(vatOn(3, UK_VAT_RATE_BP)).toBe(1); // 0.6
  });

  it('mirrors rounding for negative amounts (refunds)', () => {
    expect(vatOn(-30, 500)).toBe(-2);
    expect(priceLine(-1049, UK_VAT_RATE_BP)).toEqual({ net: -1049, vat: -210, gross: -1259 });
  });

  it('charges nothing at a zero rate, so USD gross equals net', () => {
    expect(netGross(1299, 0)).toEqual({ net: 1299, gross: 1299 });
    expect(netGross(0, UK_VAT_RATE_BP)).toEqual({ net: 0, gross: 0 });
  });

  it('stays exact at the largest safe amounts', () => {
    const big = Math.floor(Number.MAX_SAFE_INTEGER / 2);
    expect(vatOn(big, 10_000)).toBe(big);
    expect(() => vatOn(Number.MAX_SAFE_INTEGER, UK_VAT_RATE_BP)).toThrow(RangeError);
  });

  it('refuses fractions, NaN and impossible rates', () => {
    expect(() => vatOn(10.5, UK_VAT_RATE_BP)).toThrow(RangeError);
    expect(() => vatOn(Number.NaN, UK_VAT_RATE_BP)).toThrow(RangeError);
    expect(() => vatOn(100, -1)).toThrow(RangeError);
    expect(() => vatOn(100, 10_001)).toThrow(RangeError);
    expect(() => vatOn(100, 12.5)).toThrow(RangeError);
  });

  it('totals are sums of rounded lines, not VAT on the sum', () => {
    // Three lines of 1p: VAT 0 each (0.2 rounds down); VAT on the 3p sum would be 1.
    const lines = [1, 1, 1].map((net) => priceLine(net, UK_VAT_RATE_BP));
    expect(sumLines(lines)).toEqual({ net: 3, vat: 0, gross: 3 });
    expect(sumLines([])).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it('prices units so that the unit shown times the count is the total charged', () => {
    // 12.13 net: VAT 2.426 -> 2.43 per unit; three units are 43.68, never VAT on 36.39 (43.67).
    const unit = priceLine(1213, UK_VAT_RATE_BP);
    const three = priceUnits(1213, 3, UK_VAT_RATE_BP);
    expect(three).toEqual({ net: 3639, vat: 729, gross: 4368 });
    expect(three.gross).toBe(unit.gross * 3);
    expect(priceUnits(1213, 0, UK_VAT_RATE_BP)).toEqual({ net: 0, vat: 0, gross: 0 });
    expect(() => priceUnits(1213, 1.5, UK_VAT_RATE_BP)).toThrow(RangeError);
    expect(() => priceUnits(1213, -1, UK_VAT_RATE_BP)).toThrow(RangeError);
  });
});
