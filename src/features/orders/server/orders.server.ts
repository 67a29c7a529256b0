import 'server-only';
import { randomUUID } from 'node:crypto';
import type { StoredProviderName } from '@/lib/db/column-types';

/**
 * A little over the house's 250 lines: everything other features may ask of orders (creation,
 * views, locks, status changes, bills) goes through this one file, the repository's only door.
 */
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import type { MoneyLine } from '@/features/pricing/money';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { SITE_VERSIONS } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import type { Bill, Order, OrderLine, OrderLineType, PostalAddress } from '../order-types';
import {
  listOpenRenewals,
  claimReceipt,
  findExpired,
  findLines,
  findOrder,
  insertOrder,
  listAccountOrders,
  lockOrder,
  nextInSeries,
  setOrderNumber,
  updateOrder,
  type OrderLineRow,
  type OrderRow,
} from './orders-repository.server';
import { merchantFor } from './merchant.server';
import { numberPrefixOf } from './supplier';

export type { OrderRow, OrderLineRow };

/** A line as the checkout priced it, ready to be kept as it is. */
export type PricedLine = {
  type: OrderLineType;
  label: string;
  domain?: string;
  years?: number;
  authCode?: string | null;
  number?: string;
  plan?: string;
  users?: number;
  serviceId?: string;
  quantity: number;
  unit: MoneyLine;
  total: MoneyLine;
  vatRateBp: number;
  recurring: MoneyLine & { period: 'month' | 'year' };
};

export const orderNotFound = () =>
  new ApiError(404, 'order_not_found', 'There is no such order in your account.');

/** An order number: the store's prefix and its place in the store's series, `NP-000042`. */
export function formatOrderNumber(store: Store, n: number): string {
  return `${numberPrefixOf(store)}-${String(n).padStart(6, '0')}`;
}

type NewOrderInput = {
  store: Store;
  storeHost: string;
  email: string;
  accountId: string;
  /** Who placed it; null for a renewal whose buyer has left the account. */
  userId: string | null;
  siteVersion: SiteVersionId;
  provider: StoredProviderName;
  lines: PricedLine[];
  totals: MoneyLine;
  billing: Order['billing'];
  registrant: Order['registrant'];
  numberAddresses: Record<string, PostalAddress>;
  savePaymentMethod: boolean;
  now: Date;
  expiresAt: Date;
  /** Renewal orders: their kind and due date. */
  kind?: 'purchase' | 'renewal';
  dueAt?: Date | null;
};

/**
 * Records an order as placed, inside the caller's transaction: the next number of the store's
 * series, the priced lines, totals summed from them, and copies of the billing details,
 * registrant, number addresses and the store as supplier. Nothing here is recomputed later.
 */
export async function createOrder(
  tx: AppDb,
  input: NewOrderInput,
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const draft = await draftOrder(tx, input);
  return { order: await numberOrder(tx, input.store, draft.order), lines: draft.lines };
}

/**
 * `createOrder` without the number: the order is written with a provisional one that only its
 * own transaction sees, and `numberOrder` gives it its place in the store's series. The series'
 * row stays locked from the number to the commit, so every other order of the store waits that
 * long: a transaction that has more to write takes the number last (decision 0266).
 */
export async function draftOrder(
  tx: AppDb,
  input: NewOrderInput,
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  // Who is paid and who sells are decided together, now, and kept with the order (decision 0230).
  const merchant = await merchantFor(tx, input.store);
  return insertOrder(
    tx,
    {
      storeKey: input.store.key,
      storeHost: input.storeHost,
      email: input.email,
      accountId: input.accountId,
      userId: input.userId,
      number: `${DRAFT_NUMBER_PREFIX}${randomUUID()}`,
      kind: input.kind ?? 'purchase',
      dueAt: input.dueAt ?? null,
      status: 'awaiting_payment',
      provider: input.provider,
      currency: SITE_VERSIONS[input.siteVersion].currency,
      siteVersion: input.siteVersion,
      totalNet: input.totals.net,
      totalVat: input.totals.vat,
      totalGross: input.totals.gross,
      billing: input.billing,
      registrant: input.registrant,
      numberAddresses: input.numberAddresses,
      supplier: merchant.supplier,
      stripeAccount: merchant.stripeAccount,
      savePaymentMethod: input.savePaymentMethod,
      createdAt: input.now,
      expiresAt: input.expiresAt,
    },
    input.lines.map((l, position) => ({
      position,
      type: l.type,
      label: l.label,
      domain: l.domain ?? null,
      years: l.years ?? null,
      authCode: l.authCode ?? null,
      number: l.number ?? null,
      plan: l.plan ?? null,
      users: l.users ?? null,
      quantity: l.quantity,
      unitNet: l.unit.net,
      unitVat: l.unit.vat,
      unitGross: l.unit.gross,
      totalNet: l.total.net,
      totalVat: l.total.vat,
      totalGross: l.total.gross,
      vatRateBp: l.vatRateBp,
      recurringNet: l.recurring.net,
      recurringVat: l.recurring.vat,
      recurringGross: l.recurring.gross,
      period: l.recurring.period,
      serviceId: l.serviceId ?? null,
    })),
  );
}

/** A drafted order's number until `numberOrder`: never seen outside its transaction. */
const DRAFT_NUMBER_PREFIX = 'draft-';

/** Gives a drafted order the next number of its store's series (see `draftOrder`). */
export async function numberOrder(tx: AppDb, store: Store, order: OrderRow): Promise<OrderRow> {
  const n = await nextInSeries(tx, store.key, 'order');
  return setOrderNumber(tx, order.id, formatOrderNumber(store, n));
}

function lineView(l: OrderLineRow): OrderLine {
  return {
    id: l.id,
    type: l.type as OrderLineType,
    label: l.label,
    ...(l.domain ? { domain: l.domain } : {}),
    ...(l.years !== null ? { years: l.years } : {}),
    ...(l.number ? { number: l.number } : {}),
    ...(l.plan ? { plan: l.plan } : {}),
    ...(l.users !== null ? { users: l.users } : {}),
    ...(l.serviceId ? { service_id: l.serviceId } : {}),
    quantity: l.quantity,
    unit: { net: l.unitNet, vat: l.unitVat, gross: l.unitGross },
    total: { net: l.totalNet, vat: l.totalVat, gross: l.totalGross },
    vat_rate: l.vatRateBp / 100,
    recurring: {
      net: l.recurringNet,
      vat: l.recurringVat,
      gross: l.recurringGross,
      period: l.period === 'month' ? 'month' : 'year',
    },
  };
}

/** The API's view of an order, from its stored rows. */
export function orderView(order: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    currency: order.currency,
    site_version: order.siteVersion,
    provider: order.provider,
    kind: order.kind,
    due_at: order.dueAt?.toISOString() ?? null,
    email: order.email,
    lines: lines.map(lineView),
    totals: { net: order.totalNet, vat: order.totalVat, gross: order.totalGross },
    billing: order.billing as Order['billing'],
    registrant: (order.registrant as Order['registrant']) ?? null,
    number_addresses: (order.numberAddresses as Order['number_addresses']) ?? {},
    supplier: order.supplier as Order['supplier'],
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
  };
}

/** An order and its lines, when it belongs to the account and store; else 404. */
export async function accountOrder(
  scope: { accountId: string; storeKey: string },
  orderId: string,
  db?: AppDb,
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  if (!isUuid(orderId)) throw orderNotFound();
  const conn = db ?? (await appDb());
  const order = await findOrder(conn, orderId);
  if (!order || order.accountId !== scope.accountId || order.storeKey !== scope.storeKey) {
    throw orderNotFound();
  }
  return { order, lines: await findLines(conn, order.id) };
}

/** The account's unpaid renewal bills in this store, `overdue` past their due date. */
export async function accountBills(scope: {
  accountId: string;
  storeKey: string;
}): Promise<Bill[]> {
  const now = clockNow();
  return (await listOpenRenewals(await appDb(), scope.accountId, scope.storeKey)).map((o) => ({
    order_id: o.id,
    number: o.number,
    status: o.dueAt && o.dueAt < now ? 'overdue' : 'unpaid',
    due_at: o.dueAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
    currency: o.currency,
    totals: { net: o.totalNet, vat: o.totalVat, gross: o.totalGross },
  }));
}

/** The account's orders in this store, newest first. */
export async function accountOrders(scope: { accountId: string; storeKey: string }) {
  return listAccountOrders(await appDb(), scope.accountId, scope.storeKey);
}

/** An order by id for work that has no customer (webhooks, jobs), with its lines. */
export async function orderById(
  db: AppDb,
  orderId: string,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  const order = await findOrder(db, orderId);
  return order ? { order, lines: await findLines(db, orderId) } : null;
}

/** Locks an order for the rest of the transaction and answers it with its lines. */
export async function lockOrderForUpdate(
  tx: AppDb,
  orderId: string,
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
  const order = await lockOrder(tx, orderId);
  return order ? { order, lines: await findLines(tx, orderId) } : null;
}

export function markOrderPaid(tx: AppDb, orderId: string, at: Date) {
  return updateOrder(tx, orderId, { status: 'paid', paidAt: at });
}

export function markOrderFulfilled(tx: AppDb, orderId: string, at: Date) {
  return updateOrder(tx, orderId, { status: 'fulfilled', fulfilledAt: at });
}

export function markOrderCancelled(tx: AppDb, orderId: string, at: Date) {
  return updateOrder(tx, orderId, { status: 'cancelled', cancelledAt: at });
}

/** Ids of orders awaiting payment past their expiry (the expiry finder). */
export async function expiredOrderIds(now: Date, limit = 100): Promise<string[]> {
  return findExpired(await appDb(), now, limit);
}

/** Takes the order's receipt for this run; false when it was sent already. */
export function claimOrderReceipt(tx: AppDb, orderId: string, at: Date): Promise<boolean> {
  return claimReceipt(tx, orderId, at);
}

/** A number of a store's gapless series (used by invoices for theirs). */
export function takeSeriesNumber(tx: AppDb, storeKey: string, series: string): Promise<number> {
  return nextInSeries(tx, storeKey, series);
}
