import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { sendMail, type MailAttachment } from '@/lib/mail/outbox.server';
import { brandedMail } from '@/features/mail/branded-mail';
import { storeLink } from '@/features/mail/store-link';
import type { Order } from '@/features/orders/order-types';
import { formatMoney } from '@/features/pricing/format-money';
import type { Store } from '@/features/tenancy/store-types';

/** The payment flow's mails, in the store's brand, over the outbox. */

/** An order's total in words: "£84.58, of which VAT £14.10". */
export function totalText(order: Order): string {
  const total = formatMoney(order.totals.gross, order.site_version);
  return order.totals.vat > 0
    ? `${total}, of which VAT ${formatMoney(order.totals.vat, order.site_version)}`
    : total;
}

/** "Payment received" with the invoice attached as a PDF, named as its title names it. */
export async function sendReceipt(
  tx: AppDb,
  store: Store,
  input: {
    order: Order;
    invoiceNumber: string;
    /** "VAT invoice", or "Invoice" where no VAT is charged (site version 2). */
    invoiceTitle: string;
    invoiceId: string;
    pdf: Buffer;
  },
): Promise<void> {
  const { order } = input;
  const attachment: MailAttachment = {
    filename: `${input.invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    content: input.pdf,
  };
  const mail = brandedMail(store, {
    subject: `Payment received for order ${order.number}`,
    greeting: `Hello ${order.billing.name},`,
    paragraphs: [
      `We received your payment of ${totalText(order)} for order ${order.number}. Thank you.`,
      `Your ${input.invoiceTitle.replace(/^Invoice/, 'invoice')} ${input.invoiceNumber} is attached.`,
      'Your domains, numbers and plans are ready in your account.',
    ],
    action: { label: 'View your invoice', url: storeLink(store, `/invoices/${input.invoiceId}`) },
  });
  await sendMail(
    { storeKey: store.key, to: order.email, ...mail, attachments: [attachment] },
    { tx },
  );
}

/** "Refund": a second payment the provider took for an order already paid goes back. */
export async function sendRefundNotice(
  tx: AppDb,
  store: Store,
  input: { order: Order; amount: number },
): Promise<void> {
  const { order } = input;
  const amount = formatMoney(input.amount, order.site_version);
  const mail = brandedMail(store, {
    subject: `Refund of ${amount} for order ${order.number}`,
    greeting: `Hello ${order.billing.name},`,
    paragraphs: [
      ...(order.status === 'cancelled'
        ? [
            `Order ${order.number} was cancelled, unpaid, before a payment of ${amount} for it went through.`,
            'We have refunded that payment in full: it returns to the card it came from, usually within 5 to 10 working days.',
          ]
        : [
            `Order ${order.number} was already paid when a second payment of ${amount} went through.`,
            'We have refunded that second payment in full: it returns to the card it came from, usually within 5 to 10 working days.',
            'You are charged once for this order. Nothing else changes.',
          ]),
    ],
    action: { label: 'View your order', url: storeLink(store, `/orders/${order.id}`) },
  });
  await sendMail({ storeKey: store.key, to: order.email, ...mail }, { tx });
}

/** How a refunded order was paid: by card (Stripe), the demo card, or a bank transfer. */
export type RefundPaidBy = 'card' | 'demo' | 'transfer';

/** The provider an order was paid through, read as how the customer paid. */
export function refundPaidBy(provider: 'stripe' | 'demo' | 'manual'): RefundPaidBy {
  return provider === 'stripe' ? 'card' : provider === 'demo' ? 'demo' : 'transfer';
}

/**
 * How the refunded money comes back, by how the order was paid (not by whether the provider
 * named a refund): a card's through the card, the demo's not at all, a transfer's by the store.
 */
export function refundMoneyText(paidBy: RefundPaidBy): string {
  switch (paidBy) {
    case 'card':
      return 'The money returns to the card you paid with; banks take a few days, usually 5 to 10 working days, to show it.';
    case 'demo':
      return 'This was a demo payment, so no money moved when you paid and none moves back.';
    case 'transfer':
      return 'We will pay the money back to you the way you paid; contact us if we need your bank details.';
  }
}

/**
 * "Refund" after the store refunded lines of a paid order (or all of them): what was refunded,
 * the credit note's number, and how the money comes back. Queued in the refund's transaction,
 * so it is sent once, and only for a refund that happened (docs/decisions/0321).
 */
export async function sendStoreRefund(
  tx: AppDb,
  store: Store,
  input: {
    order: Order;
    creditNoteNumber: string;
    amount: number;
    lines: string[];
    /** The order has no line left to refund after this one. */
    whole: boolean;
    /** Lines of the order were refunded before this refund. */
    earlier: boolean;
    /** How the order was paid, which says how the money comes back. */
    paidBy: RefundPaidBy;
  },
): Promise<void> {
  const { order } = input;
  const amount = formatMoney(input.amount, order.site_version);
  const mail = brandedMail(store, {
    subject: `Refund of ${amount} for order ${order.number}`,
    greeting: `Hello ${order.billing.name},`,
    paragraphs: [
      !input.whole
        ? `We have refunded ${amount} of order ${order.number}, for: ${input.lines.join('; ')}.`
        : input.earlier
          ? `We have refunded the rest of order ${order.number}, ${amount}, for: ${input.lines.join('; ')}. The order is now refunded in full.`
          : `We have refunded order ${order.number} in full: ${amount}.`,
      `Credit note ${input.creditNoteNumber} records the refund against your invoice.`,
      refundMoneyText(input.paidBy),
      'The domains, numbers and plans refunded have ended and will not renew.',
    ],
    action: { label: 'View your order', url: storeLink(store, `/orders/${order.id}`) },
  });
  await sendMail({ storeKey: store.key, to: order.email, ...mail }, { tx });
}
