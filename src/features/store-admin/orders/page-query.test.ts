import { describe, expect, it } from 'vitest';
import { pageQuery } from './page-query';
import { orderListQuerySchema, salesReportQuerySchema } from './schemas';

const ORDER_KEYS = ['q', 'status', 'provider', 'from', 'to', 'cursor'];

describe('pageQuery: an admin list page reads its address with its call’s schema', () => {
  it('leaves out empty filters, as the GET form sends them, and parameters the call does not know', () => {
    const read = pageQuery(
      { q: 'ada', status: '', provider: 'demo', utm_source: 'mail', from: '' },
      orderListQuerySchema,
      ORDER_KEYS,
    );
    expect(read).toEqual({ data: { q: 'ada', provider: 'demo', limit: 50 } });
  });

  it('takes the first of a repeated parameter', () => {
    expect(pageQuery({ status: ['paid', 'refunded'] }, orderListQuerySchema, ORDER_KEYS)).toEqual({
      data: { status: 'paid', limit: 50 },
    });
  });

  it('names what the call would refuse, field by field', () => {
    const read = pageQuery(
      { status: 'lost', from: '2026-13-40', q: 'a\u0007b' },
      orderListQuerySchema,
      ORDER_KEYS,
    );
    expect('fields' in read && Object.keys(read.fields).sort()).toEqual(['from', 'q', 'status']);
  });

  it('applies the report’s own rules: a range that ends before it starts is refused', () => {
    const read = pageQuery({ from: '2026-05-01', to: '2026-04-01' }, salesReportQuerySchema, [
      'from',
      'to',
    ]);
    expect(read).toEqual({ fields: { to: ['must not be before from'] } });
  });

  it('refuses a date for one reason, and skips the checks of the range while a date is refused', () => {
    const read = pageQuery({ from: 'abc', to: '1990-01-01' }, salesReportQuerySchema, [
      'from',
      'to',
    ]);
    expect(read).toEqual({
      fields: {
        from: ['must be a date, YYYY-MM-DD'],
        to: ['must be between 2000-01-01 and 2099-12-31'],
      },
    });
  });
});
