import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { enqueue, notifyJobWorkers, prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { logger } from '@/lib/logger';
import { availabilityChanged } from '@/features/catalog/server/availability-config.server';
import { issueInvoice } from '@/features/invoices/server/invoices.server';
import {
  lockOrderForUpdate,
  markOrderFulfilled,
  markOrderPaid,
  orderView,
} from '@/features/orders/server/orders.server';
import type { ProviderName } from '@/features/payments/payment-types';
import type { ProviderOutcome } from '@/features/payments/server/provider';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import {
  keepPaymentMethod,
  lockPaymentForUpdate,
  orderPayments,
  paymentById,
  recordProviderEvent,
  setPaymentStatus,
} from '@/features/payments/server/payments.server';
import { createZonesForOrder } from '@/features/dns/server/dns.server';
import { fulfilOrder } from '@/features/services/server/fulfilment.server';
import { receiptJob } from './receipt-job.server';
import { refundJob } from './refund-job.server';

export const paymentNotFound = () =>
  new ApiError(404, 'payment_not_found', 'There is no such payment in your account.');

export type FinishResult = {
  orderId: string;
  /** False when this call found the work done already (a second success) or not to be done. */
  finished: boolean;
  /**
   * True when this payment came for an order that no longer takes one (another payment paid it,
   * or it was cancelled): it was not kept, and a provider's takings are being refunded.
   */
  refused: boolean;
};

/**
 * The one "finish the order" step, shared by the demo pay page, the Stripe return page, Stripe's
 * webhook, kept-method charges and the operator's mark-paid call (docs/decisions/0061, 0120).
 * Under the order's row lock (then the payment's), in one transaction: the payment succeeds, the
 * order is paid, what it bought becomes services, the receipt mail's job is queued, and last the
 * invoice takes the next number of the store's series. A second success of the same payment
 * (webhook and return page, two webhooks, two workers) waits on the lock, then finds the payment
 * done and does nothing.
 *
 * Exactly one payment of an order succeeds. The order's other attempts still waiting on the
 * customer (a pay page nobody finished, such as the one a kept card was chosen on instead) are
 * closed in the same transaction (`failed`, which the order page says as "not charged"), so
 * nothing reads as pending (docs/decisions/0319). Another that comes when the order no longer
 * awaits payment is refused: `failed` when its provider took nothing (the demo, a bank transfer),
 * else `refunded`, with the refund through the provider and the customer's mail queued in the same
 * transaction. A provider event given here is recorded in it too, so it is handled once.
 */
export async function finishPayment(
  paymentId: string,
  input: {
    method?: ProviderOutcome['method'];
    event?: { provider: ProviderName; id: string; type: string };
    /** Runs in the finishing transaction when this call finished the order (the admin's audit). */
    onFinished?: (tx: AppDb, orderId: string) => Promise<void>;
  } = {},
): Promise<FinishResult> {
  const db = await appDb();
  const first = await paymentById(paymentId, db);
  if (!first) throw paymentNotFound();
  // The receipt's job is queued in the transaction: the queue must run before it.
  await prepareJobQueue();
  const registered = await db.transaction(async (tx) => {
    const now = clockNow();
    if (input.event) {
      const { provider, id, type } = input.event;
      const fresh = await recordProviderEvent(tx, { provider, eventId: id, type, now });
      if (!fresh) return null;
    }
    // One lock order everywhere: the order, then its payment.
    const locked = await lockOrderForUpdate(tx, first.orderId);
    const payment = await lockPaymentForUpdate(tx, paymentId);
    if (!locked || !payment) throw paymentNotFound();
    if (payment.status === 'succeeded' || payment.status === 'refunded') return null;
    if (locked.order.status !== 'awaiting_payment') {
      await refuse(tx, { order: locked.order, payment, now });
      return 'refused' as const;
    }
    await setPaymentStatus(tx, payment.id, { status: 'succeeded', now });
    const order = orderView(locked.order, locked.lines);
    await markOrderPaid(tx, order.id, now);
    await closeOtherAttempts(tx, { order: locked.order, paidId: payment.id, now });
    const scope = { storeKey: locked.order.storeKey, accountId: locked.order.accountId };
    const method =
      locked.order.savePaymentMethod && input.method
        ? await keepPaymentMethod(tx, {
            ...scope,
            provider: payment.provider,
            providerRef: input.method.providerRef,
            customerRef: input.method.customerRef,
            stripeAccount: locked.order.stripeAccount,
            label: input.method.label,
            now,
          })
        : null;
    const domains = await fulfilOrder(tx, {
      order,
      ...scope,
      storeHost: locked.order.storeHost,
      paymentMethodId: method,
      now,
    });
    await markOrderFulfilled(tx, order.id, now);
    // Each domain paid for gets its zone in PowerDNS, queued with the payment (issue 28).
    await createZonesForOrder(tx, { orderId: order.id, storeHost: locked.order.storeHost });
    // Without its job the receipt would never leave: refuse the whole step instead.
    if (!(await enqueue(receiptJob.name, { orderId: order.id }, { tx }))) {
      throw new Error('the receipt job was not created');
    }
    if (input.onFinished) await input.onFinished(tx, order.id);
    // The invoice's number last: the store's series stays locked from it to the commit, and every
    // other payment of the store waits that long (docs/decisions/0266).
    await issueInvoice(tx, { order, ...scope, now });
    return domains;
  });
  if (registered === 'refused') {
    notifyJobWorkers(refundJob.name);
    return { orderId: first.orderId, finished: false, refused: true };
  }
  if (registered === null) return { orderId: first.orderId, finished: false, refused: false };
  // Searches answer from a short cache, and their pages from the page cache: the names just
  // registered must show as taken at once.
  availabilityChanged(registered);
  notifyJobWorkers(receiptJob.name);
  return { orderId: first.orderId, finished: true, refused: false };
}

/** Attempts waiting on the customer: a pay page, a second confirmation, a bank transfer. */
const WAITING = new Set(['requires_payment', 'requires_action']);

/**
 * Closes the order's attempts still waiting on the customer once another paid it. A charge in
 * flight (`processing`) is left to its own outcome, which the finish step refuses; a closed
 * attempt a provider takes later all the same is refused and refunded there too.
 */
async function closeOtherAttempts(
  tx: AppDb,
  input: { order: { id: string; number: string }; paidId: string; now: Date },
): Promise<void> {
  const { order, paidId, now } = input;
  for (const other of await orderPayments(order.id, tx)) {
    if (other.id === paidId || !WAITING.has(other.status)) continue;
    await setPaymentStatus(tx, other.id, {
      status: 'failed',
      failureMessage: `Order ${order.number} was paid with another payment.`,
      now,
    });
  }
}

/**
 * A payment for an order that takes none. Nothing taken: the attempt fails. Taken at a provider:
 * recorded as refunded and the refund queued, in this transaction, so it is given back once.
 */
async function refuse(
  tx: AppDb,
  input: {
    order: { id: string; number: string; status: string };
    payment: { id: string; provider: string; providerRef: string | null };
    now: Date;
  },
): Promise<void> {
  const { order, payment, now } = input;
  const taken = providerNamed(payment.provider).takesMoney && payment.providerRef !== null;
  const entry = { order_id: order.id, payment_id: payment.id, status: order.status };
  if (!taken) {
    logger.info(entry, 'a payment for an order that takes none was refused');
    await setPaymentStatus(tx, payment.id, {
      status: 'failed',
      failureMessage: `Order ${order.number} was already ${order.status.replaceAll('_', ' ')}: this payment was not taken.`,
      now,
    });
    return;
  }
  logger.warn(entry, 'a payment the provider took for an order that takes none: refunding it');
  await setPaymentStatus(tx, payment.id, {
    status: 'refunded',
    failureMessage: `Order ${order.number} was already ${order.status.replaceAll('_', ' ')}: this payment is refunded in full.`,
    now,
  });
  if (!(await enqueue(refundJob.name, { paymentId: payment.id }, { tx }))) {
    throw new Error('the refund job was not created');
  }
}
