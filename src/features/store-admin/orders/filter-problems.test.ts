import { describe, expect, it } from 'vitest';
import { filterProblems } from './filter-problems';
import { pageQuery } from './page-query';
import { customerListQuerySchema, orderListQuerySchema, salesReportQuerySchema } from './schemas';

const LABELS = { from: 'From (UTC)', to: 'To (UTC)' };
const report = (from: string, to: string) => {
  const read = pageQuery({ from, to }, salesReportQuerySchema, ['from', 'to']);
  return 'fields' in read ? filterProblems(read.fields, LABELS) : null;
};

describe('the report’s refused dates, said once beside each (decision 0324)', () => {
  it('names the other date by its label', () => {
    expect(report('2026-05-01', '2026-04-01')).toEqual({
      to: ['To (UTC) must not be before From (UTC).'],
    });
    expect(report('2020-01-01', '2026-01-01')).toEqual({
      to: ['To (UTC) must be at most three years after From (UTC).'],
    });
  });

  it('gives a date that is no date one reason, and no reason to the other date', () => {
    expect(report('abc', '2026-01-01')).toEqual({
      from: ['From (UTC) must be a date, YYYY-MM-DD.'],
    });
    expect(report('2026-02-30', '2026-01-01')).toEqual({ from: ['From (UTC) is not a date.'] });
    expect(report('1990-01-01', '2099-12-31')).toEqual({
      from: ['From (UTC) must be between 2000-01-01 and 2099-12-31.'],
    });
  });

  it('says a message given twice once, and leaves fields without a label for the top', () => {
    expect(
      filterProblems(
        { to: ['must not be before from', 'must not be before from'], cursor: ['is not a cursor'] },
        LABELS,
      ),
    ).toEqual({ to: ['To (UTC) must not be before From (UTC).'] });
  });
});

describe('the orders’ and customers’ refused filters, said once beside each (decision 0329)', () => {
  const ORDER_LABELS = {
    q: 'Number, e-mail or name',
    status: 'Status',
    provider: 'Paid with',
    from: 'Placed from (UTC)',
    to: 'Placed until (UTC)',
  };
  const orders = (params: Record<string, string>) => {
    const read = pageQuery(params, orderListQuerySchema, [...Object.keys(ORDER_LABELS), 'cursor']);
    return 'fields' in read ? filterProblems(read.fields, ORDER_LABELS) : null;
  };

  it('puts a customer search with a control character beside its field', () => {
    const read = pageQuery({ q: 'ann\u0007' }, customerListQuerySchema, ['q', 'cursor']);
    expect('fields' in read && filterProblems(read.fields, { q: 'E-mail or name' })).toEqual({
      q: ['E-mail or name must not contain control characters.'],
    });
  });

  it('names each refused order filter by its label, and leaves a stranger cursor for the top', () => {
    expect(orders({ q: 'x\u0000', status: 'lost', from: '2026-02-30' })).toEqual({
      q: ['Number, e-mail or name must not contain control characters.'],
      status: ['Status must be one of awaiting_payment, paid, fulfilled, cancelled, refunded.'],
      from: ['Placed from (UTC) is not a date.'],
    });
    expect(orders({ cursor: 'not a cursor!' })).toEqual({});
  });
});
