import { describe, expect, it } from 'vitest';
import { markupRefusals, priceInputId, priceRefusals, readPrice } from './price-refusals';

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
