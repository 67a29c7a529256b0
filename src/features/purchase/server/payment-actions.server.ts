import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import type { CreditNoteBrief } from '@/features/invoices/invoice-types';
import { orderCreditNotes } from '@/features/invoices/server/credit-notes.server';
import { invoiceOfOrder } from '@/features/invoices/server/invoices.server';
import type { Order } from '@/features/orders/order-types';
import {
  accountOrder,
  lockOrderForUpdate,
  orderNotFound,
  orderById,
  orderView,
} from '@/features/orders/server/orders.server';
import type { DemoOutcome, Payment } from '@/features/payments/payment-types';
import { paymentMethodNotFound } from '@/features/payments/server/payment-methods.server';
import { configuredProviderName } from '@/features/payments/server/provider-config.server';
import {
  accountPaymentMethods,
  lockPaymentForUpdate,
  orderPayments,
  paymentById,
  paymentView,
  setPaymentStatus,
  type PaymentRow,
} from '@/features/payments/server/payments.server';
import { runCharge } from './charge.server';
import { finishPayment, paymentNotFound } from './finish.server';
import { orderNotPayable, startPayment } from './start-payment.server';

type AccountScope = { accountId: string; storeKey: string };

/** A payment of the account in this store, else 404 (another account's looks like none). */
export async function accountPayment(scope: AccountScope, paymentId: string): Promise<PaymentRow> {
  if (!isUuid(paymentId)) throw paymentNotFound();
  const payment = await paymentById(paymentId);
  if (!payment || payment.accountId !== scope.accountId || payment.storeKey !== scope.storeKey) {
    throw paymentNotFound();
  }
  return payment;
}

/**
 * An order with its payments, invoice id and the credit notes of the store's refunds, oldest
 * first (GET /api/orders/{id}; the refund's mail leads here, decision 0323).
 */
export async function orderDetail(
  scope: AccountScope,
  orderId: string,
): Promise<{
  order: Order;
  payments: Payment[];
  invoice_id: string | null;
  credit_notes: CreditNoteBrief[];
}> {
  const db = await appDb();
  const { order, lines } = await accountOrder(scope, orderId, db);
  const [payments, invoice, notes] = await Promise.all([
    orderPayments(order.id, db),
    invoiceOfOrder(order.id, db),
    orderCreditNotes(order.id, db),
  ]);
  return {
    order: orderView(order, lines),
    payments: payments.map(paymentView),
    invoice_id: invoice?.id ?? null,
    credit_notes: notes,
  };
}

/**
 * POST /api/orders/{id}/pay, for checkout's pay page, the order page and the dashboard's bills:
 * a new attempt for the order's amount, paid on its page; with a kept method, charged at once
 * (402 `payment_declined` when the provider says no, and the order still awaits payment).
 */
export async function payOrder(
  scope: AccountScope,
  orderId: string,
  input: { paymentMethodId?: string } = {},
): Promise<Payment> {
  const db = await appDb();
  const { order } = await accountOrder(scope, orderId, db);
  if (!input.paymentMethodId) {
    const started = await db.transaction((tx) =>
      startPayment(tx, order.id, { provider: configuredProviderName(), now: clockNow() }),
    );
    return paymentView(started.payment);
  }
  const methods = await accountPaymentMethods(scope.accountId);
  const method = methods.find((m) => m.id === input.paymentMethodId);
  if (!method) throw paymentMethodNotFound();
  const started = await db.transaction((tx) =>
    startPayment(tx, order.id, {
      provider: method.provider,
      charge: true,
      now: clockNow(),
    }),
  );
  const billing = started.order.billing;
  const outcome = await runCharge(started.payment.id, started.order, method, {
    email: started.order.email,
    name: billing.name ?? '',
  });
  if (!outcome.paid) {
    if (outcome.notPayable) throw orderNotPayable((await orderById(db, order.id))!.order);
    throw new ApiError(402, 'payment_declined', outcome.reason);
  }
  return paymentView((await paymentById(started.payment.id))!);
}

/** The demo's "card": a method kept for renewals when the customer asked, moving no money. */
const DEMO_METHOD = {
  providerRef: 'demo-card',
  customerRef: null,
  label: 'Demo card (no money moves)',
};

/**
 * POST /api/payments/{id}/demo: the demo pay page's outcome. `succeed` finishes the order
 * (directly, or as the second confirmation after `authenticate`); `decline` fails this attempt
 * and leaves the order awaiting payment, to retry. Of several open attempts confirmed at once,
 * one pays the order and the others are refused (409 `order_not_payable`), as is any attempt
 * confirmed after the order was paid; a closed attempt of an unpaid order is 409 `payment_closed`.
 */
export async function demoOutcome(
  scope: AccountScope,
  paymentId: string,
  outcome: DemoOutcome,
): Promise<{ payment: Payment; order_status: string; redirect_url: string }> {
  const first = await accountPayment(scope, paymentId);
  if (first.provider !== 'demo') {
    throw new ApiError(
      409,
      'not_a_demo_payment',
      'This payment is not made with the demo provider.',
    );
  }
  if (first.status === 'failed' || first.status === 'refunded') {
    // Closed because another attempt paid the order (decision 0319): say that, as a race would.
    const { order } = await accountOrder(scope, first.orderId);
    if (order.status !== 'awaiting_payment') throw orderNotPayable(order);
    throw new ApiError(
      409,
      'payment_closed',
      'This attempt is over. Start a new payment from your order.',
    );
  }
  if (outcome === 'succeed') {
    const result = await finishPayment(paymentId, { method: DEMO_METHOD });
    if (result.refused) {
      const { order } = await accountOrder(scope, first.orderId);
      throw orderNotPayable(order);
    }
  } else if (first.status !== 'succeeded') {
    const db = await appDb();
    await db.transaction(async (tx) => {
      const locked = await lockOrderForUpdate(tx, first.orderId);
      const payment = await lockPaymentForUpdate(tx, paymentId);
      if (!locked || !payment) throw paymentNotFound();
      if (payment.status === 'succeeded' || payment.status === 'failed') return;
      if (locked.order.status !== 'awaiting_payment') throw orderNotPayable(locked.order);
      await setPaymentStatus(tx, paymentId, {
        now: clockNow(),
        ...(outcome === 'decline'
          ? { status: 'failed', failureMessage: 'The card was declined (demo).' }
          : { status: 'requires_action' }),
      });
    });
  }
  const payment = (await paymentById(paymentId))!;
  const { order } = await accountOrder(scope, payment.orderId);
  return {
    payment: paymentView(payment),
    order_status: order.status,
    redirect_url:
      payment.status === 'succeeded' ? `/orders/${order.id}` : `/checkout/pay/${payment.id}`,
  };
}

/**
 * POST /api/admin/orders/{id}/mark-paid (and the store admin's): the store's bank received the
 * transfer. Finishes the order through its open manual payment, or a new one for the order's
 * amount, chosen under the order's lock so that presses at once share one payment. A call that
 * finds the order fulfilled already is 409 `order_not_payable` for the operator; the store admin
 * passes `repeatAnswersOrder` and gets the order (decision 0185).
 */
export async function markPaidByOperator(
  orderId: string,
  options: {
    onFinished?: (tx: AppDb, orderId: string) => Promise<void>;
    repeatAnswersOrder?: boolean;
  } = {},
): Promise<Order> {
  const db = await appDb();
  const isOpenManual = (p: { provider: string; status: string }) =>
    p.provider === 'manual' && (p.status === 'requires_payment' || p.status === 'requires_action');
  let open = (await orderPayments(orderId, db)).find(isOpenManual);
  if (!open) {
    open = await db.transaction(async (tx) => {
      const locked = await lockOrderForUpdate(tx, orderId);
      if (!locked || locked.order.status !== 'awaiting_payment') return undefined;
      const again = (await orderPayments(orderId, tx)).find(isOpenManual);
      if (again) return again;
      return (await startPayment(tx, orderId, { provider: 'manual', now: clockNow() })).payment;
    });
  }
  const result = open ? await finishPayment(open.id, { onFinished: options.onFinished }) : null;
  const found = await orderById(db, orderId);
  if (!found) throw orderNotFound();
  const finished = result?.finished === true && !result.refused;
  const repeat = found.order.status === 'fulfilled' && options.repeatAnswersOrder === true;
  if (!finished && !repeat) throw orderNotPayable(found.order);
  return orderView(found.order, found.lines);
}
