import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { sendMail } from '@/lib/mail/outbox.server';
import { brandedMail } from '@/features/mail/branded-mail';
import { storeLink } from '@/features/mail/store-link';
import type { Order } from '@/features/orders/order-types';
import type { Payment } from '@/features/payments/payment-types';
import { totalText } from '@/features/purchase/server/payment-mail.server';
import { formatMoney } from '@/features/pricing/format-money';
import type { Store } from '@/features/tenancy/store-types';

/** The checkout's mail, in the store's brand, over the outbox; the payment's are the payment flow's. */

function lineText(order: Order): string[] {
  return order.lines.map(
    (l) =>
      `${l.label}${l.quantity > 1 ? ` × ${l.quantity}` : ''}: ${formatMoney(l.total.gross, order.site_version)}`,
  );
}

function bankTransferText(order: Order): string[] {
  const bank = order.supplier.bank;
  if (!bank) return ['We will send you our bank details for the transfer.'];
  return [
    `Please pay ${formatMoney(order.totals.gross, order.site_version)} by bank transfer, with ${order.number} as the reference:`,
    [
      `Bank: ${bank.name}`,
      `Account name: ${bank.account_name}`,
      bank.sort_code ? `Sort code: ${bank.sort_code}` : null,
      bank.account_number ? `Account number: ${bank.account_number}` : null,
      bank.iban ? `IBAN: ${bank.iban}` : null,
    ]
      .filter(Boolean)
      .join('; '),
  ];
}

/** "Order received", recorded in the order's transaction: it exists exactly when the order does. */
export async function sendOrderReceived(
  tx: AppDb,
  store: Store,
  placed: { order: Order; payment: Payment },
): Promise<void> {
  const { order, payment } = placed;
  const mail = brandedMail(store, {
    subject: `Order ${order.number} received`,
    greeting: `Hello ${order.billing.name},`,
    paragraphs: [
      `Thank you for your order ${order.number}.`,
      ...lineText(order),
      `Total: ${totalText(order)}.`,
      ...(payment.provider === 'manual'
        ? bankTransferText(order)
        : payment.provider === 'demo'
          ? ['This is a demo store: no money moves when you pay.']
          : []),
      'Unpaid orders are cancelled after 24 hours.',
    ],
    action: { label: 'View your order', url: storeLink(store, `/orders/${order.id}`) },
  });
  await sendMail({ storeKey: store.key, to: order.email, ...mail }, { tx });
}
