import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import type { Payment } from '@/features/payments/payment-types';
import {
  accountOrder,
  lockOrderForUpdate,
  orderNotFound,
} from '@/features/orders/server/orders.server';
import { paymentById, paymentView } from '@/features/payments/server/payments.server';
import { accountPaymentMethods } from '@/features/payments/server/payments.server';
import { paymentMethodNotFound } from '@/features/payments/server/payment-methods.server';
import { recordCharge, runCharge } from './charge.server';

/**
 * Pays an unpaid bill (or any order awaiting payment) at once with a kept payment method
 * (POST /api/orders/{id}/pay `{payment_method_id}`): the same recorded attempt and
 * finish step as a renewal's charge. A decline answers 402 and leaves the bill unpaid.
 */
export async function payWithKeptMethod(
  scope: { accountId: string; storeKey: string },
  orderId: string,
  methodId: string,
): Promise<Payment> {
  const { order } = await accountOrder(scope, orderId);
  const method = (await accountPaymentMethods(scope.accountId)).find((m) => m.id === methodId);
  if (!method) throw paymentMethodNotFound();
  const db = await appDb();
  const paymentId = await db.transaction(async (tx) => {
    const locked = await lockOrderForUpdate(tx, order.id);
    if (!locked) throw orderNotFound();
    if (locked.order.status !== 'awaiting_payment') {
      throw new ApiError(
        409,
        'order_not_payable',
        `Order ${locked.order.number} is ${locked.order.status}: nothing is due.`,
      );
    }
    return recordCharge(tx, locked.order, method);
  });
  const billing = order.billing as { name?: string };
  const outcome = await runCharge(paymentId, order, method, {
    email: order.email,
    name: billing.name ?? '',
  });
  if (!outcome.paid) throw new ApiError(402, 'payment_declined', outcome.reason);
  return paymentView((await paymentById(paymentId))!);
}
