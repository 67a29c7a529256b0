import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import type { Order, OrderLine } from '@/features/orders/order-types';
import { takeSeriesNumber } from '@/features/orders/server/orders.server';
import type { Invoice, InvoiceLine } from '../invoice-types';
import {
  findInvoice,
  findInvoiceOfOrder,
  insertInvoice,
  listAccountInvoices,
  type InvoiceRow,
} from './invoices-repository.server';

export type { InvoiceRow };

export const invoiceNotFound = () =>
  new ApiError(404, 'invoice_not_found', 'There is no such invoice in your account.');

/** The year of a moment in the store's time zone: an invoice's series is the store's year. */
export function yearIn(timeZone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(at));
}

/** `NP-INV-2026-000001`: the order's prefix, the year and the place in that year's series. */
export function formatInvoiceNumber(orderNumber: string, year: number, n: number): string {
  const prefix = orderNumber.slice(0, orderNumber.lastIndexOf('-'));
  return `${prefix}-INV-${year}-${String(n).padStart(6, '0')}`;
}

function describe(line: OrderLine): string {
  switch (line.type) {
    case 'domain_registration': {
      const years = line.years ?? 1;
      return `${line.label}: domain registration, ${years} ${years === 1 ? 'year' : 'years'}`;
    }
    case 'domain_transfer':
      return `${line.label}: domain transfer, with one year's renewal`;
    case 'number':
      return `${line.label}: phone number, first month`;
    case 'plan':
      return `${line.label}: per user, first month`;
    case 'domain_renewal': {
      const years = line.years ?? 1;
      return `${line.label}: domain renewal, ${years} ${years === 1 ? 'year' : 'years'}`;
    }
    case 'domain_restore':
      return `${line.label}: restore from redemption`;
    case 'number_renewal':
      return `${line.label}: phone number, one month`;
    case 'plan_renewal':
      return `${line.label}: per user, one month`;
  }
}

function invoiceLine(line: OrderLine): InvoiceLine {
  return {
    description: describe(line),
    quantity: line.quantity,
    unit_net: line.unit.net,
    net: line.total.net,
    vat_rate: line.vat_rate,
    vat: line.total.vat,
    gross: line.total.gross,
  };
}

/**
 * Issues the VAT invoice of a paid order inside the payment's transaction:
 * its number is the next of the store's series for the year, so it is taken together with the
 * payment and never reused. The invoice copies the order's supplier, customer and lines.
 */
export async function issueInvoice(
  tx: AppDb,
  input: { order: Order; storeKey: string; accountId: string; now: Date },
): Promise<InvoiceRow> {
  const { order, now } = input;
  const year = yearIn(order.supplier.time_zone, now);
  const n = await takeSeriesNumber(tx, input.storeKey, `invoice-${year}`);
  return insertInvoice(tx, {
    storeKey: input.storeKey,
    accountId: input.accountId,
    orderId: order.id,
    orderNumber: order.number,
    number: formatInvoiceNumber(order.number, year, n),
    issuedAt: now,
    suppliedAt: now,
    currency: order.currency,
    siteVersion: order.site_version,
    supplier: order.supplier,
    customer: order.billing,
    lines: order.lines.map(invoiceLine),
    totalNet: order.totals.net,
    totalVat: order.totals.vat,
    totalGross: order.totals.gross,
  });
}

export function invoiceView(row: InvoiceRow): Invoice {
  const currency = row.currency;
  return {
    id: row.id,
    number: row.number,
    status: 'paid',
    order_id: row.orderId,
    order_number: row.orderNumber,
    issued_at: row.issuedAt.toISOString(),
    supplied_at: row.suppliedAt.toISOString(),
    currency,
    site_version: row.siteVersion,
    shows_vat: currency === 'GBP',
    supplier: row.supplier as Invoice['supplier'],
    customer: row.customer as Invoice['customer'],
    lines: row.lines as InvoiceLine[],
    totals: { net: row.totalNet, vat: row.totalVat, gross: row.totalGross },
  };
}

/** An invoice of the account in this store, else 404. */
export async function accountInvoice(
  scope: { accountId: string; storeKey: string },
  id: string,
): Promise<Invoice> {
  if (!isUuid(id)) throw invoiceNotFound();
  const row = await findInvoice(await appDb(), id);
  if (!row || row.accountId !== scope.accountId || row.storeKey !== scope.storeKey) {
    throw invoiceNotFound();
  }
  return invoiceView(row);
}

/** An invoice of the store, whoever's account it is in (the store's admin, 0324), or null. */
export async function storeInvoice(storeKey: string, id: string): Promise<Invoice | null> {
  if (!isUuid(id)) return null;
  const row = await findInvoice(await appDb(), id);
  return row && row.storeKey === storeKey ? invoiceView(row) : null;
}

export async function accountInvoices(scope: {
  accountId: string;
  storeKey: string;
}): Promise<Invoice[]> {
  return (await listAccountInvoices(await appDb(), scope.accountId, scope.storeKey)).map(
    invoiceView,
  );
}

export async function invoiceOfOrder(orderId: string, db?: AppDb): Promise<Invoice | null> {
  const row = await findInvoiceOfOrder(db ?? (await appDb()), orderId);
  return row ? invoiceView(row) : null;
}
