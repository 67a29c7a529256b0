import { describe, expect, it } from 'vitest';
import {
  creditNoteFacts,
  creditNoteOfInvoice,
  creditNoteTotals,
  invoiceDates,
} from './invoice-format';
import type { CreditNote, Invoice } from './invoice-types';

const at = (issued: string, supplied: string, zone: string) =>
  ({ supplier: { time_zone: zone }, issued_at: issued, supplied_at: supplied }) as Invoice;

describe('invoice dates', () => {
  it('writes the time of supply in the store’s zone and names the zone', () => {
    expect(
      invoiceDates(at('2026-12-07T14:21:33Z', '2026-12-07T14:21:33Z', 'Europe/London')),
    ).toEqual({ issued: '7 December 2026', supplied: '7 December 2026 at 14:21 GMT' });
    expect(
      invoiceDates(at('2026-07-06T23:30:00Z', '2026-07-06T23:30:00Z', 'Europe/London')).supplied,
    ).toBe('7 July 2026 at 00:30 BST');
    expect(
      invoiceDates(at('2026-12-07T14:21:33Z', '2026-12-07T14:21:33Z', 'America/New_York')),
    ).toEqual({ issued: '7 December 2026', supplied: '7 December 2026 at 09:21 GMT-5' });
  });
});

describe('a credit note, worded once for its page and its PDF (0331)', () => {
  const note = {
    number: 'BD-CN-2026-000001',
    invoice_number: 'BD-2026-000001',
    order_number: 'BD-000001',
    issued_at: '2026-12-07T14:21:33Z',
    supplier: { time_zone: 'Europe/London' },
    currency: 'GBP',
    shows_vat: true,
    totals: { net: 499, vat: 100, gross: 599 },
  } as CreditNote;

  it('names the date, the invoice it credits and the order', () => {
    expect(creditNoteFacts(note)).toEqual([
      { label: 'Date of issue', value: '7 December 2026', invoice: false },
      { label: 'Credits invoice', value: 'BD-2026-000001', invoice: true },
      { label: 'Order', value: 'BD-000001', invoice: false },
    ]);
  });

  it('labels its totals as refunded, with VAT only where VAT is shown', () => {
    expect(creditNoteTotals(note)).toEqual([
      { label: 'Net refunded', minor: 499, gross: false },
      { label: 'VAT refunded', minor: 100, gross: false },
      { label: 'Total refunded', minor: 599, gross: true },
    ]);
    expect(creditNoteTotals({ ...note, shows_vat: false })).toEqual([
      { label: 'Total refunded', minor: 599, gross: true },
    ]);
  });

  it('is named on the invoice it refunds, with its amount', () => {
    const said = creditNoteOfInvoice(note, 1);
    expect(said.link + said.rest).toBe(
      'Credit note BD-CN-2026-000001 refunds £5.99 of this invoice.',
    );
    expect(said.link).toBe('Credit note BD-CN-2026-000001');
  });
});
