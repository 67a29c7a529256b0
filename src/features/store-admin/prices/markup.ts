import type { Rounding } from './schemas';

/**
 * "Cost + N %" in integer minor units (docs/decisions/0172): the cost times (100 + N), rounded up
 * to a whole minor unit, then up to the next .49 or .99 of the currency's major unit. Never
 * below cost: N is not negative and every step rounds up. No floating point.
 */
export function markupPrice(costNet: number, percent: number, rounding: Rounding): number {
  const scaled = costNet * (100 + percent);
  const raised = scaled % 100 === 0 ? scaled / 100 : (scaled - (scaled % 100)) / 100 + 1;
  if (rounding === 'none') return raised;
  const cents = raised % 100;
  const whole = raised - cents;
  if (rounding === '99') return whole + 99;
  return cents <= 49 ? whole + 49 : whole + 149;
}

/** Margin over cost in minor units; negative when a price is below a cost raised later. */
export const marginOf = (retailNet: number, costNet: number) => retailNet - costNet;
