import { describe, expect, it } from 'vitest';
import { invoiceDates } from './invoice-format';
import type { Invoice } from './invoice-types';

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
