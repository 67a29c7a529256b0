import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-types';
import { yearlyLabel, yearlySchedule } from './yearly-schedule';

const money = (gross: number) => ({ net: gross, vat: 0, gross });

function line(part: Partial<CartLine> & Pick<CartLine, 'type'>, recurring: number): CartLine {
  return {
    id: `${part.type}-${part.years ?? 0}-${recurring}`,
    label: 'x',
    price: money(recurring),
    recurring: {
      ...money(recurring),
      period:
        part.type === 'domain_registration' || part.type === 'domain_transfer' ? 'year' : 'month',
    },
    ...part,
  };
}

describe('the yearly amounts of a cart', () => {
  it('starts a domain paid for three years in year 4, not next year', () => {
    const schedule = yearlySchedule([line({ type: 'domain_registration', years: 3 }, 1459)]);
    expect(schedule).toEqual([{ fromYear: 4, amount: money(1459) }]);
    expect(yearlyLabel(4)).toBe('Yearly from year 4');
  });

  it('adds each domain from the year its paid years end, the last step being the whole', () => {
    const schedule = yearlySchedule([
      line({ type: 'domain_registration', years: 1 }, 1000),
      line({ type: 'domain_transfer' }, 200),
      line({ type: 'domain_registration', years: 5 }, 30),
      line({ type: 'plan', users: 2 }, 999),
    ]);
    expect(schedule).toEqual([
      { fromYear: 2, amount: money(1200) },
      { fromYear: 6, amount: money(1230) },
    ]);
    expect(yearlyLabel(2)).toBe('Then yearly');
  });

  it('leaves out lines that cannot be bought as they stand', () => {
    const gone = {
      ...line({ type: 'domain_registration', years: 2 }, 500),
      unavailable: 'not_sold_in_site_version' as const,
    };
    expect(yearlySchedule([gone])).toEqual([]);
  });
});
