import 'server-only';
import { decimalAmount } from '@/features/pricing/format-money';
import { stringify } from 'csv-stringify/sync';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { StaffContext } from '../../server/staff.server';
import type { SalesReportQuery, SalesReportTable } from '../schemas';
import {
  creditedTotals,
  invoicedTotals,
  newCustomersPerMonth,
  renewalsBetween,
  type Totals,
} from './admin-orders-repository.server';

/**
 * The store's sales report (issue 26, point 7; decision 0184): per month (UTC) and currency, the
 * net, VAT and gross invoiced by product type, minus what credit notes gave back in that month;
 * new customer accounts per month; services that renew in the next 30 days of the product clock.
 */

export type SalesRow = {
  month: string;
  currency: string;
  product_type: string;
  invoiced_net: number;
  invoiced_vat: number;
  invoiced_gross: number;
  credited_net: number;
  credited_vat: number;
  credited_gross: number;
  net: number;
  vat: number;
  gross: number;
};

export type SalesReport = {
  from: string;
  to: string;
  sales: SalesRow[];
  new_customers: { month: string; count: number }[];
  renewals_due: {
    service_id: string;
    type: string;
    name: string;
    renews_at: string;
    auto_renew: boolean;
  }[];
};

export async function salesReport(staff: StaffContext, q: SalesReportQuery): Promise<SalesReport> {
  const db = await appDb();
  const from = new Date(`${q.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000);
  const store = staff.storeId;
  const [invoiced, credited] = await Promise.all([
    invoicedTotals(db, store, from, to),
    creditedTotals(db, store, from, to),
  ]);
  const sales = new Map<string, SalesRow>();
  const rowOf = (t: Totals) => {
    const key = `${t.month}|${t.currency}|${t.product_type}`;
    let row = sales.get(key);
    if (!row) {
      row = {
        month: t.month,
        currency: t.currency,
        product_type: t.product_type,
        invoiced_net: 0,
        invoiced_vat: 0,
        invoiced_gross: 0,
        credited_net: 0,
        credited_vat: 0,
        credited_gross: 0,
        net: 0,
        vat: 0,
        gross: 0,
      };
      sales.set(key, row);
    }
    return row;
  };
  for (const t of invoiced) {
    const r = rowOf(t);
    r.invoiced_net = Number(t.net);
    r.invoiced_vat = Number(t.vat);
    r.invoiced_gross = Number(t.gross);
  }
  for (const t of credited) {
    const r = rowOf(t);
    r.credited_net = Number(t.net);
    r.credited_vat = Number(t.vat);
    r.credited_gross = Number(t.gross);
  }
  for (const r of sales.values()) {
    r.net = r.invoiced_net - r.credited_net;
    r.vat = r.invoiced_vat - r.credited_vat;
    r.gross = r.invoiced_gross - r.credited_gross;
  }
  const customers = await newCustomersPerMonth(db, store, from, to);
  const now = clockNow();
  const horizon = new Date(now.getTime() + 30 * 86_400_000);
  const due = await renewalsBetween(db, store, now, horizon);
  return {
    from: q.from,
    to: q.to,
    sales: [...sales.values()].sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.currency.localeCompare(b.currency) ||
        a.product_type.localeCompare(b.product_type),
    ),
    new_customers: customers.map((r) => ({ month: r.month, count: Number(r.count) })),
    renewals_due: due.map((r) => ({
      service_id: r.id,
      type: r.type,
      name: r.name,
      renews_at: new Date(r.renews_at).toISOString(),
      auto_renew: r.auto_renew,
    })),
  };
}

/** An amount the report writes itself: digits, an optional minus sign and two decimals. */
const AMOUNT = /^-?\d+\.\d{2}$/;

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return) gets a
 * leading apostrophe (OWASP's advice); numbers are written as numbers, so they stay numbers, and
 * so do the report's own amounts (`-12.50` is a number to a spreadsheet, never a formula).
 */
export function neutralised(value: string | number | boolean): string | number {
  if (typeof value !== 'string') return typeof value === 'boolean' ? String(value) : value;
  if (AMOUNT.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export { decimalAmount };

/** Product types as the reports page names them; the JSON keeps the codes. */
export const PRODUCT_TYPE_LABELS: Record<string, string> = {
  domain: 'Domains',
  number: 'Numbers',
  plan: 'Plans',
};

/**
 * One table of the report as CSV for a spreadsheet (decision 0279): UTF-8 with a BOM, CRLF lines,
 * the header row first and one record a line after it, so a spreadsheet can sort, filter and
 * pivot it as it is.
 */
export function salesReportCsv(report: SalesReport, table: SalesReportTable): string {
  // Amounts in pounds and dollars with two decimals, as a spreadsheet user reads them
  // (docs/decisions/0272); the JSON answer keeps minor units, as every call does.
  const amount = decimalAmount;
  const records: (string | number)[][] =
    table === 'new_customers'
      ? [['Month', 'New customers'], ...report.new_customers.map((r) => [r.month, r.count])]
      : table === 'renewals_due'
        ? [
            ['Renews at (UTC)', 'Type', 'Name', 'Renews automatically'],
            ...report.renewals_due.map((r) => [
              r.renews_at,
              r.type,
              r.name,
              r.auto_renew ? 'yes' : 'no',
            ]),
          ]
        : [
            [
              'Month',
              'Currency',
              'Product type',
              'Invoiced net',
              'Invoiced VAT',
              'Invoiced gross',
              'Credited net',
              'Credited VAT',
              'Credited gross',
              'Net',
              'VAT',
              'Gross',
            ],
            ...report.sales.map((r) => [
              r.month,
              r.currency,
              PRODUCT_TYPE_LABELS[r.product_type] ?? r.product_type,
              amount(r.invoiced_net),
              amount(r.invoiced_vat),
              amount(r.invoiced_gross),
              amount(r.credited_net),
              amount(r.credited_vat),
              amount(r.credited_gross),
              amount(r.net),
              amount(r.vat),
              amount(r.gross),
            ]),
          ];
  return (
    '\uFEFF' +
    stringify(
      records.map((r) => r.map(neutralised)),
      { record_delimiter: '\r\n', quoted_string: false },
    )
  );
}

/** The file name a table's CSV is saved under. */
export function salesReportFileName(
  report: Pick<SalesReport, 'from' | 'to'>,
  table: SalesReportTable,
  today: string,
): string {
  if (table === 'renewals_due') return `renewals-due-${today}.csv`;
  return `${table === 'sales' ? 'sales' : 'new-customers'}-${report.from}-${report.to}.csv`;
}
