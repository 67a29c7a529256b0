import 'server-only';
import { isApiError } from '@/lib/http/api-response';
import type { CreditNoteBrief } from '@/features/invoices/invoice-types';
import type { Order } from '@/features/orders/order-types';
import type { WaitingOrder } from '../checkout-types';
import type { Payment } from '@/features/payments/payment-types';
import { accountOrders } from '@/features/orders/server/orders.server';
import { paymentView } from '@/features/payments/server/payments.server';
import { formatMoney } from '@/features/pricing/format-money';
import { accountPayment, orderDetail } from '@/features/purchase/server/payment-actions.server';
import type { CheckoutScope } from './recheck.server';

type AccountScope = { accountId: string; storeKey: string };
type Detail = {
  order: Order;
  payments: Payment[];
  invoice_id: string | null;
  credit_notes: CreditNoteBrief[];
};

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

/**
 * The newest order this person placed that still waits for payment: what the checkout shows
 * when its cart is empty because the order was placed (Back from the pay page, another tab).
 * Its open attempt's pay page when there is one, else the order page, which starts another.
 */
export async function waitingOrderOf(scope: CheckoutScope): Promise<WaitingOrder | null> {
  const account = { accountId: scope.user.accountId, storeKey: scope.store.key };
  const row = (await accountOrders(account)).find(
    (o) => o.userId === scope.user.id && o.kind === 'purchase' && o.status === 'awaiting_payment',
  );
  if (!row) return null;
  const { order, payments } = await orderDetail(account, row.id);
  const open = payments
    .filter((p) => p.status === 'requires_payment' || p.status === 'requires_action')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  return {
    id: order.id,
    number: order.number,
    total: formatMoney(order.totals.gross, order.site_version),
    payUrl: open ? open.redirect_url : `/orders/${order.id}`,
  };
}
