import Link from 'next/link';
import { postalLines } from '@/features/billing/postal-lines';
import type { CreditNoteBrief } from '@/features/invoices/invoice-types';
import type { Order, PostalAddress } from '@/features/orders/order-types';
import type { Payment } from '@/features/payments/payment-types';
import { formatMoney, vatNote } from '@/features/pricing/format-money';
import { Amount } from './review-step';
import { PayButton } from '@/features/purchase/components/pay-button';
import styles from './checkout.module.css';

const STATUS = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  fulfilled: 'Paid and ready',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
} as const;

const PAYMENT_STATUS = {
  requires_payment: 'waiting',
  requires_action: 'waiting for confirmation',
  processing: 'being charged',
  succeeded: 'succeeded',
  // A failed attempt took nothing (one a provider took after the order was paid is refunded).
  failed: 'not charged',
  refunded: 'refunded',
} as const;

/** How a payment was made, as the list of an order's payments says it. */
const PAYMENT_BY: Record<string, string> = {
  demo: 'by demo card',
  stripe: 'by card',
  manual: 'by bank transfer',
};

function addressText(a: PostalAddress & { name?: string | null; company?: string | null }) {
  return postalLines(a).join('\n');
}

/**
 * An order as its customer sees it: status, lines, totals, how to pay, payments, invoice and the
 * credit notes of the store's refunds (the refund's mail leads here, decision 0323).
 */
export function OrderView({
  order,
  payments,
  invoiceId,
  creditNotes,
}: {
  order: Order;
  payments: Payment[];
  invoiceId: string | null;
  creditNotes: CreditNoteBrief[];
}) {
  const sv = order.site_version;
  const bank = order.supplier.bank;
  const awaiting = order.status === 'awaiting_payment';
  // The lines the store's refunds gave back: marked, with no renewal (their services ended).
  const refundedLines = new Set(creditNotes.flatMap((n) => n.line_ids));
  const partly =
    order.status !== 'refunded' && order.lines.some((line) => refundedLines.has(line.id));
  return (
    <div className={styles.page}>
      <h1>Order {order.number}</h1>
      <p role="status" data-order-status={order.status}>
        <strong>{STATUS[order.status]}</strong>
        {partly ? ' · Partly refunded' : ''}
        {order.provider === 'demo' ? ' · Demo store: no money moves.' : ''}
      </p>
      {awaiting && order.provider === 'manual' ? (
        <section className={styles.panel} aria-labelledby="bank-transfer">
          <h2 id="bank-transfer" className={styles.heading}>
            Pay by bank transfer
          </h2>
          <p>
            Please transfer {formatMoney(order.totals.gross, sv)} with{' '}
            <strong>{order.number}</strong> as the reference. We send your invoice when it arrives.
          </p>
          {bank ? (
            <dl className={styles.totals}>
              <dt>Bank</dt>
              <dd>{bank.name}</dd>
              <dt>Account name</dt>
              <dd>{bank.account_name}</dd>
              {bank.sort_code ? (
                <>
                  <dt>Sort code</dt>
                  <dd>{bank.sort_code}</dd>
                </>
              ) : null}
              {bank.account_number ? (
                <>
                  <dt>Account number</dt>
                  <dd>{bank.account_number}</dd>
                </>
              ) : null}
              {bank.iban ? (
                <>
                  <dt>IBAN</dt>
                  <dd>{bank.iban}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </section>
      ) : null}
      {awaiting && order.provider !== 'manual' ? (
        <section className={styles.panel} aria-labelledby="pay-order">
          <h2 id="pay-order" className={styles.heading}>
            Payment
          </h2>
          <p>Unpaid orders are cancelled 24 hours after they were placed.</p>
          <PayButton orderId={order.id} label={`Pay ${formatMoney(order.totals.gross, sv)} now`} />
        </section>
      ) : null}
      {invoiceId ? (
        <p>
          <Link prefetch={false} href={`/invoices/${invoiceId}`}>
            View your invoice
          </Link>
          {' · '}
          {/* Where what was bought is run from now: the next step after paying. */}
          <Link prefetch={false} href="/dashboard">
            Manage it in your dashboard
          </Link>
        </p>
      ) : null}
      {creditNotes.length > 0 ? (
        <section className={styles.panel} aria-labelledby="order-refunds">
          <h2 id="order-refunds" className={styles.heading}>
            Refunds
          </h2>
          <ul>
            {creditNotes.map((n) => (
              <li key={n.id} data-credit-note={n.number}>
                {formatMoney(n.totals.gross, sv)} refunded:{' '}
                <Link prefetch={false} href={`/credit-notes/${n.id}`}>
                  credit note {n.number}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={styles.panel} aria-labelledby="order-lines">
        <h2 id="order-lines" className={styles.heading}>
          What you ordered
        </h2>
        <ul className={styles.lines}>
          {order.lines.map((line) => {
            const refunded = refundedLines.has(line.id);
            return (
              <li
                key={line.id}
                className={styles.line}
                data-line-refunded={refunded ? 'true' : undefined}
              >
                <span className={styles.lineWhat}>
                  <strong>{line.label}</strong>
                  <span className={styles.muted}>
                    {line.years ? `${line.years} ${line.years === 1 ? 'year' : 'years'} · ` : ''}
                    {line.quantity > 1
                      ? `${line.quantity} × ${formatMoney(line.unit.gross, sv)}, `
                      : ''}
                    VAT {line.vat_rate}% ·{' '}
                    {refunded ? (
                      // Given back and ended: it will not renew, so no renewal price.
                      <strong>Refunded</strong>
                    ) : (
                      <>
                        then {formatMoney(line.recurring.gross, sv)} a {line.recurring.period}
                        {/* Years paid today are not charged again: the renewal starts after them. */}
                        {line.years && line.years > 1 ? ` from year ${line.years + 1}` : ''}
                        {vatNote(line.recurring)}
                      </>
                    )}
                  </span>
                </span>
                <Amount money={line.total} siteVersion={sv} />
              </li>
            );
          })}
        </ul>
        <dl className={styles.totals}>
          <dt>Net</dt>
          <dd>{formatMoney(order.totals.net, sv)}</dd>
          <dt>VAT</dt>
          <dd>{formatMoney(order.totals.vat, sv)}</dd>
          <dt>Total</dt>
          <dd data-total="gross">{formatMoney(order.totals.gross, sv)}</dd>
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="order-billing">
        <h2 id="order-billing" className={styles.heading}>
          Billing details
        </h2>
        <address className={styles.address}>{addressText(order.billing)}</address>
      </section>
      {payments.length > 0 ? (
        <section className={styles.panel} aria-labelledby="order-payments">
          <h2 id="order-payments" className={styles.heading}>
            Payments
          </h2>
          <ul>
            {payments.map((p) => (
              <li key={p.id}>
                {formatMoney(p.amount, sv)} {PAYMENT_BY[p.provider] ?? `by ${p.provider}`}:{' '}
                {PAYMENT_STATUS[p.status]}
                {p.failure_message ? `. ${p.failure_message}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
