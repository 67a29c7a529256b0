import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/features/pricing/format-money';
import { creditNoteFacts, creditNoteFootnote, creditNoteTotals } from '../invoice-format';
import type { CreditNote } from '../invoice-types';
import { creditNotePdfLayout } from './credit-note-pdf.server';

// Decision 0331: a walk found the credit note's PDF without its order and with the invoice's
// totals ("Total net / Total VAT / Total") where its page says what was refunded. Both now say
// what invoice-format.ts words once.
const note: CreditNote = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'BD-CN-2026-000001',
  invoice_id: '00000000-0000-4000-8000-000000000002',
  invoice_number: 'BD-2026-000001',
  order_id: '00000000-0000-4000-8000-000000000003',
  order_number: 'BD-000001',
  issued_at: '2026-12-07T14:21:33Z',
  currency: 'GBP',
  site_version: 1,
  shows_vat: true,
  supplier: {
    trading_name: 'Bytes',
    legal_name: 'Bytes Ltd',
    address: ['1 High Street', 'London'],
    vat_number: 'GB123456789',
    company_number: null,
    email: null,
    time_zone: 'Europe/London',
    bank: null,
  },
  customer: {
    name: 'Ada Lovelace',
    company: null,
    line1: '2 Low Road',
    line2: null,
    city: 'Leeds',
    region: null,
    postcode: 'LS1 1AA',
    country: 'GB',
    vat_number: null,
  } as CreditNote['customer'],
  lines: [
    {
      description: 'Starter plan, 1 user',
      quantity: 1,
      unit_net: 499,
      net: 499,
      vat_rate: 20,
      vat: 100,
      gross: 599,
    },
  ],
  totals: { net: 499, vat: 100, gross: 599 },
};

describe('a credit note’s PDF', () => {
  it('names the order and labels its totals as refunded, as its page does', () => {
    const layout = creditNotePdfLayout(note);
    expect(layout.heading).toBe('Credit note BD-CN-2026-000001');
    const facts = layout.blocks.at(-1)!.lines;
    expect(facts).toEqual([
      'Date of issue: 7 December 2026',
      'Credits invoice: BD-2026-000001',
      'Order: BD-000001',
    ]);
    expect(facts).toEqual(creditNoteFacts(note).map((f) => `${f.label}: ${f.value}`));
    expect(layout.totals).toEqual([
      'Net refunded: £4.99',
      'VAT refunded: £1.00',
      'Total refunded: £5.99',
    ]);
    expect(layout.totals).toEqual(
      creditNoteTotals(note).map((t) => `${t.label}: ${formatMoney(t.minor, 1)}`),
    );
    expect(layout.totals.join(' ')).not.toMatch(/Total net|Total VAT/);
    expect(layout.footnote).toBe(creditNoteFootnote(note));
  });

  it('shows only the total refunded where no VAT is shown', () => {
    const usd = { ...note, currency: 'USD' as const, site_version: 2 as const, shows_vat: false };
    expect(creditNotePdfLayout(usd).totals).toEqual(['Total refunded: $5.99']);
  });
});
