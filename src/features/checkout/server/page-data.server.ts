import 'server-only';
import { isApiError } from '@/lib/http/api-response';
import type { Order } from '@/features/orders/order-types';
import type { Payment } from '@/features/payments/payment-types';
import { paymentView } from '@/features/payments/server/payments.server';
import { accountPayment, orderDetail } from '@/features/purchase/server/payment-actions.server';

type AccountScope = { accountId: string; storeKey: string };
type Detail = { order: Order; payments: Payment[]; invoice_id: string | null };

/** A 404 of the account's own data becomes null, for a page to show its not-found page. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The order page's data, or null when the account has no such order. */
export function pageOrder(scope: AccountScope, orderId: string): Promise<Detail | null> {
  return orNull(() => orderDetail(scope, orderId));
}

/** A pay page's payment with its order, or null when the account has no such payment. */
export function pagePayment(
  scope: AccountScope,
  paymentId: string,
): Promise<{ payment: Payment; detail: Detail } | null> {
  return orNull(async () => {
    const payment = await accountPayment(scope, paymentId);
    return { payment: paymentView(payment), detail: await orderDetail(scope, payment.orderId) };
  });
}
