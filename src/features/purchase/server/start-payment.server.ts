import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import {
  lockOrderForUpdate,
  orderNotFound,
  type OrderRow,
} from '@/features/orders/server/orders.server';
import type { ProviderName } from '@/features/payments/payment-types';
import {
  createPayment,
  orderPayments,
  type PaymentRow,
} from '@/features/payments/server/payments.server';

/**
 * The one way to start paying an order that exists (docs/decisions/0120): under the order's row
 * lock, check it takes a payment, then record the attempt for the order's amount and currency.
 * The pay-again call, a bill paid with a kept card and the operator's mark-paid all go through
 * it; a new order's or renewal's first attempt is written with the order itself.
 */

/** The one answer for an order that takes no payment (paid, fulfilled, cancelled). */
export const orderNotPayable = (order: Pick<OrderRow, 'number' | 'status'>) =>
  new ApiError(
    409,
    'order_not_payable',
    `Order ${order.number} is ${order.status.replaceAll('_', ' ')}: it takes no payment.`,
  );

const chargeInFlight = (order: Pick<OrderRow, 'number'>) =>
  new ApiError(
    409,
    'order_not_payable',
    `Order ${order.number} is being paid right now: it takes no second payment.`,
  );

/**
 * A kept method's charge stops a second one from starting while the provider is asked. Past this
 * (the provider's timeout and retries are well within it) an attempt a crash left behind no
 * longer blocks paying; should both have gone through, the finish step refunds the second.
 */
const CHARGE_IN_FLIGHT_MS = 2 * 60_000;

/**
 * In the caller's transaction: locks the order, refuses 409 `order_not_payable` unless it awaits
 * payment and no kept method is being charged for it, and records a new attempt. `charge` marks
 * an attempt the provider is asked to take at once, without the customer (`processing`).
 */
export async function startPayment(
  tx: AppDb,
  orderId: string,
  input: { provider: ProviderName; charge?: boolean; now: Date },
): Promise<{ order: OrderRow; payment: PaymentRow }> {
  const locked = await lockOrderForUpdate(tx, orderId);
  if (!locked) throw orderNotFound();
  const { order } = locked;
  if (order.status !== 'awaiting_payment') throw orderNotPayable(order);
  const since = input.now.getTime() - CHARGE_IN_FLIGHT_MS;
  const attempts = await orderPayments(order.id, tx);
  if (attempts.some((p) => p.status === 'processing' && p.updatedAt.getTime() > since)) {
    throw chargeInFlight(order);
  }
  const payment = await createPayment(tx, {
    orderId: order.id,
    storeKey: order.storeKey,
    accountId: order.accountId,
    provider: input.provider,
    amount: order.totalGross,
    currency: order.currency,
    now: input.now,
    status: input.charge ? 'processing' : 'requires_payment',
  });
  return { order, payment };
}
