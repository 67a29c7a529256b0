import { z } from 'zod';
import { queryInt } from '@/lib/http/query-int';

/**
 * Queries and bodies of the store admin's orders, customers and reports (issue 26, points 6 and
 * 7). Browser code may import this file.
 */

export const ADMIN_ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'fulfilled',
  'cancelled',
  'refunded',
] as const;
export const ADMIN_PROVIDERS = ['demo', 'stripe', 'manual'] as const;

/** The days the filters and reports take: any date a store can have had or will have orders on. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

/**
 * A calendar day, YYYY-MM-DD: 2026-02-30 is no day (Date.parse would make it March 2nd). Each
 * check stops the next, so a day is refused for one reason (0324), and a query's checks of two
 * days together are skipped while one of them is refused.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date, YYYY-MM-DD', abort: true })
  .refine(
    (v) => {
      const at = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v;
    },
    { error: 'is not a date', abort: true },
  )
  .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, {
    error: `must be between ${FIRST_DAY} and ${LAST_DAY}`,
    abort: true,
  });

const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor from an earlier page')
  .optional();

const search = z.string().trim().max(200, 'must be at most 200 characters').optional();

/** `GET /api/store-admin/orders?q&status&provider&from&to&limit&cursor`. */
export const orderListQuerySchema = z.strictObject({
  q: search,
  status: z
    .enum(ADMIN_ORDER_STATUSES, { error: `must be one of ${ADMIN_ORDER_STATUSES.join(', ')}` })
    .optional(),
  provider: z
    .enum(ADMIN_PROVIDERS, { error: `must be one of ${ADMIN_PROVIDERS.join(', ')}` })
    .optional(),
  from: day.optional(),
  to: day.optional(),
  limit: queryInt(1, 100, 50),
  cursor,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** `GET /api/store-admin/customers?q&limit&cursor`. */
export const customerListQuerySchema = z.strictObject({
  q: search,
  limit: queryInt(1, 100, 50),
  cursor,
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/** `POST /api/store-admin/orders/{id}/refund` `{lines?}`: no lines refunds every line left. */
export const refundSchema = z.strictObject({
  lines: z
    .array(z.uuid({ error: 'must be order line ids' }))
    .min(1, 'must name at least one line')
    .max(100, 'must name at most 100 lines')
    .refine((ids) => new Set(ids).size === ids.length, 'must not name a line twice')
    .optional(),
});
export type RefundInput = z.infer<typeof refundSchema>;

/** The tables of the sales report, each a CSV file of its own. */
export const SALES_REPORT_TABLES = ['sales', 'new_customers', 'renewals_due'] as const;
export type SalesReportTable = (typeof SALES_REPORT_TABLES)[number];

/** `GET /api/store-admin/reports/sales?from&to&format&table`. */
export const salesReportQuerySchema = z
  .strictObject({
    from: day,
    to: day,
    format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).default('json'),
    /** Which of the report's tables a CSV holds: one table a file (decision 0279). */
    table: z
      .enum(SALES_REPORT_TABLES, { error: 'must be sales, new_customers or renewals_due' })
      .optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'must not be before from' })
  .refine((q) => q.table === undefined || q.format === 'csv', {
    path: ['table'],
    message: 'names a table of the CSV: only with format csv',
  })
  .refine(
    (q) =>
      Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= 3 * 366 * 86_400_000,
    { path: ['to'], message: 'must be at most three years after from' },
  );
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;
