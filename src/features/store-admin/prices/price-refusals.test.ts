import { describe, expect, it } from 'vitest';
import {
  checkPrices,
  markupRefusals,
  priceInputId,
  priceNote,
  priceRefusals,
  readPrice,
  type PriceRow,
} from './price-refusals';

const rows = [
  { site_version: 1, tld: 'com', currency: 'GBP' },
  { site_version: 2, tld: 'com', currency: 'USD' },
  { site_version: 2, tld: 'org', currency: 'USD' },
];

describe('the prices page’s refusals (decision 0324)', () => {
  it('ties a price below cost to its field, naming the TLD, the price and the currency', () => {
    const sent = [
      { site_version: 1, tld: 'com' },
      { site_version: 2, tld: 'org' },
    ];
    expect(
      priceRefusals(
        { 'changes.1.renew': ['must be at least 8.50 USD, the platform’s cost'] },
        sent,
        rows,
      ),
    ).toEqual([
      {
        input: '2|org|renew',
        text: 'The .org renew price must be at least 8.50 USD, the platform’s cost.',
      },
    ]);
  });

  it('says each message once, and a row’s or the call’s refusal without a field', () => {
    const sent = [{ site_version: 2, tld: 'com' }];
    expect(
      priceRefusals(
        {
          'changes.0.register': [
            'has no USD cost from the platform yet',
            'has no USD cost from the platform yet',
          ],
          'changes.0.tld': ['is not in this store’s price list'],
          changes: ['must name each TLD of a site version once'],
        },
        sent,
        rows,
      ),
    ).toEqual([
      {
        input: '2|com|register',
        text: 'The .com register price has no USD cost from the platform yet.',
      },
      { input: null, text: 'The .com in USD is not in this store’s price list.' },
      { input: null, text: 'Changes must name each TLD of a site version once.' },
    ]);
  });

  it('refuses an unreadable or too large amount in the browser, in the row’s currency', () => {
    expect(readPrice('10.49', 'GBP')).toEqual({ minor: 1049 });
    expect(readPrice('abc', 'GBP')).toEqual({ problem: 'must be an amount in GBP, like 10.49' });
    expect(readPrice('10.499', 'USD')).toEqual({
      problem: 'must be an amount in USD, like 10.49',
    });
    expect(readPrice('2000000', 'USD')).toEqual({
      problem: 'must be at most 1000000.00 USD',
    });
    expect(readPrice('1000000', 'USD')).toEqual({ minor: 100_000_000 });
  });

  it('names each price field by its row and action', () => {
    expect(priceInputId({ site_version: 1, tld: 'co.uk' }, 'transfer')).toBe('1|co.uk|transfer');
  });

  it('sorts a markup’s refusals by the field they are about', () => {
    expect(
      markupRefusals(
        {
          percent: ['must be at most 1000'],
          'tlds.1': ['is not in this store’s price list'],
          'tld.io.restore': ['has no GBP cost from the platform yet'],
          site_version: ['must be 1 or 2'],
        },
        ['com', 'zzz'],
      ),
    ).toEqual({
      percent: ['Per cent over cost must be at most 1000.'],
      tlds: [
        '.zzz is not in this store’s price list.',
        'The .io restore price has no GBP cost from the platform yet.',
      ],
      other: ['Site_version must be 1 or 2.'],
    });
  });
});

describe('the prices checked in the browser (decision 0332)', () => {
  const priced = (price: number, cost: number | null) => ({ price, cost });
  const table: PriceRow[] = [
    {
      site_version: 1,
      tld: 'com',
      currency: 'GBP',
      enabled: true,
      prices: {
        register: priced(899, 719),
        renew: priced(899, 719),
        transfer: priced(899, 719),
        restore: priced(4000, 3000),
      },
    },
    {
      site_version: 2,
      tld: 'org',
      currency: 'USD',
      enabled: true,
      prices: {
        register: priced(1200, 900),
        renew: priced(1200, 900),
        transfer: priced(1200, null),
        restore: priced(5000, 4000),
      },
    },
  ];
  const form = (typed: Record<string, string>) => (id: string) => {
    if (id in typed) return typed[id]!;
    const [sv, tld, action] = id.split('|');
    const row = table.find((r) => String(r.site_version) === sv && r.tld === tld)!;
    const minor = row.prices[action as 'renew'].price;
    return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  };
  const on = () => true;

  it('flags a malformed price and every price below cost in one round, in the server’s words', () => {
    const { refused, changes } = checkPrices(
      table,
      form({ '1|com|register': '8,9,9', '1|com|renew': '7.00', '1|com|transfer': '1' }),
      on,
    );
    expect(refused).toEqual([
      {
        input: '1|com|register',
        text: 'The .com register price must be an amount in GBP, like 10.49.',
      },
      {
        input: '1|com|renew',
        text: 'The .com renew price must be at least 7.19 GBP, the platform’s cost.',
      },
      {
        input: '1|com|transfer',
        text: 'The .com transfer price must be at least 7.19 GBP, the platform’s cost.',
      },
    ]);
    expect(changes).toEqual([{ site_version: 1, tld: 'com', renew: 700, transfer: 100 }]);
  });

  it('sends what changed at or above cost, and leaves an unchanged price below cost alone', () => {
    const below = [{ ...table[0]!, prices: { ...table[0]!.prices, restore: priced(2000, 3000) } }];
    const { refused, changes } = checkPrices(
      below,
      form({ '1|com|renew': '7.19', '1|com|restore': '20.00' }),
      on,
    );
    expect(refused).toEqual([]);
    expect(changes).toEqual([{ site_version: 1, tld: 'com', renew: 719 }]);
  });

  it('refuses a changed row with a price that has no cost yet, as the server does', () => {
    const { refused } = checkPrices(table, form({ '2|org|renew': '13.00' }), on);
    expect(refused).toEqual([
      {
        input: '2|org|transfer',
        text: 'The .org transfer price has no USD cost from the platform yet.',
      },
    ]);
    expect(checkPrices(table, form({}), on)).toEqual({ changes: [], refused: [] });
    expect(checkPrices(table, form({}), (r) => r.tld !== 'com').changes).toEqual([
      { site_version: 1, tld: 'com', enabled: false },
    ]);
  });

  it('says the margin of the price as typed beside the field', () => {
    expect(priceNote('8.99', 719, 1)).toBe('cost £7.19, margin £1.80');
    expect(priceNote('7.00', 719, 1)).toBe('cost £7.19, margin -£0.19');
    expect(priceNote('abc', 719, 1)).toBe('cost £7.19');
    expect(priceNote('12', null, 2)).toBe('no cost yet');
  });
});
