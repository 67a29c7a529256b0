import { describe, expect, it } from 'vitest';
import { addMonths } from './fulfilment.server';
import { statusOf } from './services.server';
import type { ServiceRow } from './services-repository.server';

// The life-step predicates a customer sees (docs/decisions/0101, 0103): when a domain counts as
// expiring, and the monthly renewal day of numbers and plans.
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-26T12:00:00Z');

type Fields = Partial<Omit<ServiceRow, 'details'>>;

function service(fields: Fields): ServiceRow {
  // A domain's row unless `fields` says otherwise; the predicates read no details.
  return {
    id: 'service-1',
    storeKey: 'nameport',
    accountId: 'account-1',
    orderId: 'order-1',
    orderLineId: 'line-1',
    type: 'domain',
    name: 'example.com',
    status: 'active',
    period: 'year',
    seats: null,
    startedAt: new Date('2025-11-26T12:00:00Z'),
    renewsAt: null,
    expiresAt: null,
    autoRenew: true,
    cancelAtPeriodEnd: false,
    nextSeats: null,
    lapsedAt: null,
    priceNet: 1_174,
    priceVat: 235,
    priceGross: 1_409,
    unitNet: 1_174,
    currency: 'GBP',
    paymentMethodId: null,
    details: { domain: 'example.com' },
    createdAt: new Date('2025-11-26T12:00:00Z'),
    ...fields,
  } as ServiceRow;
}

describe('statusOf', () => {
  it('shows an active domain as expiring from 30 days before its expiry', () => {
    const at = (days: number) => service({ expiresAt: new Date(NOW.getTime() + days * DAY) });
    expect(statusOf(at(31), NOW)).toBe('active');
    expect(statusOf(at(30), NOW)).toBe('expiring');
    expect(statusOf(at(1), NOW)).toBe('expiring');
  });

  it('leaves every other status as stored', () => {
    const soon = new Date(NOW.getTime() + DAY);
    for (const status of ['expired', 'redemption', 'released', 'cancelled', 'failed'] as const) {
      expect(statusOf(service({ status, expiresAt: soon }), NOW)).toBe(status);
    }
  });

  it('never calls a number or a plan expiring: they renew monthly', () => {
    const soon = new Date(NOW.getTime() + DAY);
    for (const type of ['number', 'plan'] as const) {
      expect(statusOf(service({ type, period: 'month', expiresAt: soon }), NOW)).toBe('active');
    }
  });
});

describe('addMonths', () => {
  it('keeps the day of the month', () => {
    expect(addMonths(new Date('2026-01-15T09:30:00Z'), 1).toISOString()).toBe(
      '2026-02-15T09:30:00.000Z',
    );
  });

  it('takes the last day of a shorter month, and crosses the year', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe(
      '2026-02-28',
    );
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe(
      '2028-02-29',
    );
    expect(addMonths(new Date('2026-12-10T00:00:00Z'), 2).toISOString().slice(0, 10)).toBe(
      '2027-02-10',
    );
  });
});
