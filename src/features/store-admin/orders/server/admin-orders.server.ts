import 'server-only';
import { createHash } from 'node:crypto';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { logger } from '@/lib/logger';
import { isUuid } from '@/lib/uuid';
import { releaseOrderHolds } from '@/features/catalog/server/inventory.server';
import type { CreditNote } from '@/features/invoices/invoice-types';
import { storeCreditNote } from '@/features/invoices/server/credit-notes.server';
import { formatInvoiceNumber, yearIn } from '@/features/invoices/server/invoices.server';
import {
  lockOrderForUpdate,
  markOrderCancelled,
  orderById,
  orderView,
  takeSeriesNumber,
  type OrderLineRow,
} from '@/features/orders/server/orders.server';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import {
  orderPayments,
  paymentView,
  setPaymentStatus,
} from '@/features/payments/server/payments.server';
import { markPaidByOperator } from '@/features/purchase/server/payment-actions.server';
import { endService } from '@/features/services/server/service-actions.server';
import { changeService, lockServiceForUpdate } from '@/features/services/server/services.server';
import { refundPaidBy, sendStoreRefund } from '@/features/purchase/server/payment-mail.server';
import { insertAdminAudit } from '../../server/admin-audit-repository.server';
import {
  creditNotesOfOrder,
  insertCreditNote,
  invoiceOfOrderFull,
  markOrderRefunded,
  refundedAmong,
  selectCustomersPage,
  selectOrdersPage,
  serviceOfLine,
  type CreditNoteRow,
} from './admin-orders-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';
import type { CustomerListQuery, OrderListQuery, RefundInput } from '../schemas';

/** Another store's order, or no order: the same 404 (decision 0180). */
export const adminOrderNotFound = () =>
  new ApiError(404, 'order_not_found', 'There is no such order in this store.');
export const creditNoteNotFound = () =>
  new ApiError(404, 'credit_note_not_found', 'There is no such credit note in this store.');

const badCursor = () =>
  new ApiError(400, 'validation_failed', 'The request is not valid.', {
    cursor: ['is not a cursor from an earlier page'],
  });

type Cursor = { at: Date; id: string };
const encodeCursor = (c: Cursor) =>
  Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');
function decodeCursor(raw: string): Cursor {
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(date.getTime())) throw badCursor();
  return { at: date, id };
}

const startOfDay = (d: string) => new Date(`${d}T00:00:00Z`);
const dayAfter = (d: string) => new Date(startOfDay(d).getTime() + 86_400_000);

export type AdminOrderSummary = {
  id: string;
  number: string;
  status: string;
  provider: string;
  kind: string;
  email: string;
  customer_name: string;
  currency: string;
  totals: { net: number; vat: number; gross: number };
  created_at: string;
  paid_at: string | null;
};

/**
 * The store's orders, newest first, paged by keyset on (created_at, id) so a page costs the same
 * however deep (decision 0181): search by number, e-mail or billing name; filters by status,
 * provider and day (UTC).
 */
export async function listAdminOrders(
  staff: StaffContext,
  query: OrderListQuery,
): Promise<{ orders: AdminOrderSummary[]; next_cursor: string | null }> {
  const rows = await selectOrdersPage(await appDb(), {
    storeKey: staff.storeId,
    q: query.q || undefined,
    status: query.status,
    provider: query.provider,
    from: query.from ? startOfDay(query.from) : undefined,
    to: query.to ? dayAfter(query.to) : undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      provider: o.provider,
      kind: o.kind,
      email: o.email,
      customer_name: String((o.billing as { name?: unknown }).name ?? ''),
      currency: o.currency,
      totals: { net: o.totalNet, vat: o.totalVat, gross: o.totalGross },
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
    })),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

/** An order of this store, else 404 (another store's id names nothing here). */
async function storeOrder(db: AppDb, staff: StaffContext, id: string) {
  if (!isUuid(id)) throw adminOrderNotFound();
  const found = await orderById(db, id);
  if (!found || found.order.storeKey !== staff.storeId) throw adminOrderNotFound();
  return found;
}

export type CreditNoteView = {
  id: string;
  number: string;
  invoice_id: string;
  invoice_number: string;
  issued_at: string;
  currency: string;
  provider: string;
  refund_ref: string | null;
  line_ids: string[];
  lines: CreditLine[];
  totals: { net: number; vat: number; gross: number };
  pdf_url: string;
};

type CreditLine = {
  order_line_id: string;
  description: string;
  quantity: number;
  unit_net: number;
  net: number;
  vat_rate: number;
  vat: number;
  gross: number;
};

function creditNoteView(row: CreditNoteRow): CreditNoteView {
  const lines = row.lines as CreditLine[];
  return {
    id: row.id,
    number: row.number,
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    issued_at: row.issuedAt.toISOString(),
    currency: row.currency,
    provider: row.provider,
    refund_ref: row.refundRef,
    line_ids: lines.map((l) => l.order_line_id),
    lines,
    totals: { net: row.totalNet, vat: row.totalVat, gross: row.totalGross },
    pdf_url: `/api/store-admin/credit-notes/${row.id}/pdf`,
  };
}

/** `GET /api/store-admin/orders/{id}`: the order, its payments, invoice and credit notes. */
export async function adminOrderDetail(staff: StaffContext, id: string) {
  const db = await appDb();
  const { order, lines } = await storeOrder(db, staff, id);
  const [payments, invoice, notes, refunded] = await Promise.all([
    orderPayments(order.id, db),
    invoiceOfOrderFull(db, order.id),
    creditNotesOfOrder(db, order.id),
    refundedLineIds(db, lines),
  ]);
  const view = orderView(order, lines);
  return {
    order: {
      ...view,
      lines: view.lines.map((l) => ({ ...l, refunded: refunded.has(l.id) })),
    },
    payments: payments.map(paymentView),
    // The store's own download of it: the customer's invoice page is the customer's only (0324).
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          pdf_url: `/api/store-admin/invoices/${invoice.id}/pdf`,
        }
      : null,
    credit_notes: notes.map(creditNoteView),
    can: {
      mark_paid: order.status === 'awaiting_payment' && order.provider === 'manual',
      cancel: order.status === 'awaiting_payment',
      refund:
        (order.status === 'fulfilled' || order.status === 'paid') &&
        lines.some((l) => !refunded.has(l.id)),
    },
  };
}

function refundedLineIds(db: AppDb, lines: OrderLineRow[]): Promise<Set<string>> {
  return refundedAmong(
    db,
    lines.map((l) => l.id),
  );
}

const notManual = () =>
  new ApiError(
    409,
    'not_a_bank_transfer',
    'Only an order paid by bank transfer is marked paid by hand; this one is paid through its provider.',
  );

/**
 * `POST /api/store-admin/orders/{id}/mark-paid`: the bank transfer arrived. The same finishing
 * step as a provider's payment (paid, invoiced, fulfilled, receipt), once under the order's lock:
 * a repeat answers the fulfilled order (decision 0185); the audit is written in the finishing
 * transaction, so only the call that finished the order writes one.
 */
export async function adminMarkPaid(staff: StaffContext, id: string) {
  const db = await appDb();
  const { order } = await storeOrder(db, staff, id);
  if (order.provider !== 'manual') throw notManual();
  const paid = await markPaidByOperator(order.id, {
    repeatAnswersOrder: true,
    onFinished: (tx) =>
      insertAdminAudit(tx, auditScope(staff), {
        action: 'order.marked_paid',
        target: order.number,
        before: { status: 'awaiting_payment' },
        after: { status: 'fulfilled' },
      }),
  });
  return { order: paid };
}

const notCancellable = (status: string) =>
  new ApiError(
    409,
    'order_not_cancellable',
    `This order is ${status.replaceAll('_', ' ')}: only an unpaid order can be cancelled.`,
  );

const OPEN = new Set(['requires_payment', 'requires_action', 'processing']);

/**
 * `POST /api/store-admin/orders/{id}/cancel`: an unpaid order is cancelled, its held numbers
 * freed and its open payments closed, once, under the order's lock. A payment started at a
 * provider is stopped there first; if it succeeded meanwhile, the order is paid, not cancelled.
 */
export async function adminCancelOrder(staff: StaffContext, id: string) {
  const db = await appDb();
  const found = await storeOrder(db, staff, id);
  if (found.order.status !== 'awaiting_payment') throw notCancellable(found.order.status);
  for (const payment of await orderPayments(found.order.id, db)) {
    if (!payment.providerRef || !OPEN.has(payment.status)) continue;
    const outcome = await providerNamed(payment.provider).cancel(payment.id, payment.providerRef, {
      stripeAccount: found.order.stripeAccount,
    });
    if (outcome.status === 'succeeded') {
      throw new ApiError(
        409,
        'order_not_cancellable',
        'The customer’s payment went through meanwhile: the order is paid, not cancelled.',
      );
    }
  }
  await db.transaction(async (tx) => {
    const now = clockNow();
    const locked = await lockOrderForUpdate(tx, found.order.id);
    if (!locked || locked.order.status !== 'awaiting_payment') {
      throw notCancellable(locked?.order.status ?? 'gone');
    }
    await markOrderCancelled(tx, locked.order.id, now);
    await releaseOrderHolds(tx, locked.order.id);
    for (const payment of await orderPayments(locked.order.id, tx)) {
      if (!OPEN.has(payment.status)) continue;
      await setPaymentStatus(tx, payment.id, {
        status: 'failed',
        failureMessage: 'The store cancelled the order.',
        now,
      });
    }
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'order.cancelled',
      target: locked.order.number,
      before: { status: 'awaiting_payment' },
      after: { status: 'cancelled' },
    });
  });
  const after = (await orderById(db, found.order.id))!;
  return { order: orderView(after.order, after.lines) };
}

/** `NP-CN-2026-000001`: the order's prefix, `CN`, the year and the place in its own series. */
export function formatCreditNoteNumber(orderNumber: string, year: number, n: number): string {
  return formatInvoiceNumber(orderNumber, year, n).replace(/-INV-(\d{4})-/, '-CN-$1-');
}

const notRefundable = (message: string) => new ApiError(409, 'order_not_refundable', message);

/**
 * `POST /api/store-admin/orders/{id}/refund` `{lines?}` (decision 0182). Under the order's row
 * lock, in one transaction: the lines not refunded yet are chosen, the provider refunds their
 * gross (Stripe over HTTP with a key made from the order and the lines, so a retry after a lost
 * answer is the same refund), a credit note takes the next number of the store's `credit-<year>`
 * series, each line is tied to it (a line is refunded once: a unique key), the services the
 * lines made end, and the audit is written. A parallel or repeated call waits on the lock, then
 * finds the lines refunded: 409 `already_refunded`, nothing more given back.
 */
export async function adminRefundOrder(staff: StaffContext, id: string, input: RefundInput) {
  const db = await appDb();
  await storeOrder(db, staff, id);
  const note = await db.transaction(async (tx) => {
    const now = clockNow();
    const locked = (await lockOrderForUpdate(tx, id))!;
    const { order, lines } = locked;
    if (order.status !== 'fulfilled' && order.status !== 'paid') {
      throw notRefundable(
        order.status === 'refunded'
          ? 'This order is refunded in full already.'
          : `This order is ${order.status.replaceAll('_', ' ')}: only a paid order can be refunded.`,
      );
    }
    const refunded = await refundedLineIds(tx, lines);
    const wanted = input.lines ?? lines.filter((l) => !refunded.has(l.id)).map((l) => l.id);
    const unknown = wanted.filter((w) => !lines.some((l) => l.id === w));
    if (unknown.length > 0) {
      throw new ApiError(422, 'validation_failed', 'The request is not valid.', {
        lines: [`are not lines of this order: ${unknown.join(', ')}`],
      });
    }
    const again = wanted.filter((w) => refunded.has(w));
    if (again.length > 0 || wanted.length === 0) {
      throw new ApiError(409, 'already_refunded', 'These lines are refunded already.');
    }
    const chosen = lines.filter((l) => wanted.includes(l.id));
    const invoice = await invoiceOfOrderFull(tx, order.id);
    if (!invoice) throw notRefundable('This order has no invoice to credit.');
    const payment = (await orderPayments(order.id, tx)).find((p) => p.status === 'succeeded');
    if (!payment) throw notRefundable('This order has no payment to give back.');
    const totals = chosen.reduce(
      (t, l) => ({
        net: t.net + l.totalNet,
        vat: t.vat + l.totalVat,
        gross: t.gross + l.totalGross,
      }),
      { net: 0, vat: 0, gross: 0 },
    );
    // Nothing moved through the demo or a bank transfer: the store pays a transfer back itself.
    let refundRef: string | null = null;
    if (providerNamed(payment.provider).takesMoney && payment.providerRef) {
      const key = createHash('sha256')
        .update(`${order.id}|${[...wanted].sort().join(',')}`)
        .digest('base64url');
      const done = await providerNamed(payment.provider).refund({
        paymentId: payment.id,
        providerRef: payment.providerRef,
        amount: totals.gross,
        idempotencyKey: `store-refund-${key}`,
        // Given back by the account that took it (decision 0230).
        stripeAccount: order.stripeAccount,
      });
      refundRef = done.refundRef;
    }
    const supplier = order.supplier as { time_zone: string };
    const year = yearIn(supplier.time_zone, now);
    const n = await takeSeriesNumber(tx, order.storeKey, `credit-${year}`);
    const view = orderView(order, lines);
    const invoiceLines = invoice.lines as { description: string }[];
    const creditLines: CreditLine[] = chosen.map((l) => {
      const shown = view.lines.find((v) => v.id === l.id)!;
      return {
        order_line_id: l.id,
        description: invoiceLines[lines.indexOf(l)]?.description ?? l.label,
        quantity: l.quantity,
        unit_net: l.unitNet,
        net: l.totalNet,
        vat_rate: shown.vat_rate,
        vat: l.totalVat,
        gross: l.totalGross,
      };
    });
    const row = await insertCreditNote(
      tx,
      {
        storeKey: order.storeKey,
        accountId: order.accountId,
        orderId: order.id,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        number: formatCreditNoteNumber(order.number, year, n),
        issuedAt: now,
        currency: order.currency,
        supplier: invoice.supplier,
        customer: invoice.customer,
        lines: creditLines,
        totalNet: totals.net,
        totalVat: totals.vat,
        totalGross: totals.gross,
        provider: payment.provider,
        refundRef,
      },
      chosen.map((l) => l.id),
    );
    await endServicesOf(tx, order.id, chosen, staff);
    const whole = refunded.size + chosen.length === lines.length;
    if (whole) {
      await markOrderRefunded(tx, order.id);
      await setPaymentStatus(tx, payment.id, { status: 'refunded', now });
    }
    await sendStoreRefund(tx, staff.store, {
      order: view,
      creditNoteNumber: row.number,
      amount: totals.gross,
      lines: chosen.map((l) => l.label),
      whole,
      earlier: refunded.size > 0,
      paidBy: refundPaidBy(payment.provider),
    });
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'order.refunded',
      target: order.number,
      before: { status: order.status, refunded_lines: refunded.size },
      after: {
        status: whole ? 'refunded' : order.status,
        credit_note: row.number,
        lines: chosen.map((l) => l.label),
        gross: totals.gross,
        // Read with the amount: the audit shows it as money in this currency.
        currency: order.currency,
      },
    });
    return row;
  });
  logger.info({ order_id: id, credit_note: note.number }, 'order refunded by the store');
  return { credit_note: creditNoteView(note) };
}

/**
 * The services a refunded line made end at once, as the customer's own release ends them
 * (`cancelled`: nothing renews, a number goes back on sale, a domain leaves the registry).
 * A renewal line made no service: the service it extended keeps running to its paid date and
 * does not renew (decision 0183).
 */
async function endServicesOf(
  tx: AppDb,
  orderId: string,
  lines: OrderLineRow[],
  staff: StaffContext,
): Promise<void> {
  const actor = { userId: null, label: staff.account.email, ip: staff.ip };
  for (const line of lines) {
    if (line.serviceId) {
      await changeService(tx, line.serviceId, { autoRenew: false, cancelAtPeriodEnd: true });
      continue;
    }
    const made = await serviceOfLine(tx, orderId, line.id);
    if (!made) continue;
    const row = await lockServiceForUpdate(tx, made);
    if (!row || row.status === 'released' || row.status === 'cancelled') continue;
    await endService(tx, row, { status: 'cancelled', actor, action: 'service.refunded' });
  }
}

/** A credit note of this store, for its PDF (drawn as its customer's, decision 0323). */
export async function adminCreditNote(staff: StaffContext, id: string): Promise<CreditNote> {
  const note = await storeCreditNote(staff.storeId, id);
  if (!note) throw creditNoteNotFound();
  return note;
}

/**
 * `GET /api/store-admin/customers`: the store's customer accounts (staff left out), newest
 * first, with their sign-in address, whether it was activated, orders and what they paid; search
 * by e-mail or name.
 */
export async function listAdminCustomers(staff: StaffContext, query: CustomerListQuery) {
  const rows = await selectCustomersPage(await appDb(), {
    storeKey: staff.storeId,
    q: query.q || undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    customers: page.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      activated: r.activated,
      orders: r.orders,
      paid_gross: r.paid,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
