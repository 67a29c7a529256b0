import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { hasErrorCode } from '@/lib/error-code';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import styles from '@/features/store-admin/components/admin.module.css';
import {
  adminMoney,
  adminTime,
  statusLabel,
} from '@/features/store-admin/orders/components/admin-format';
import { OrderActions } from '@/features/store-admin/orders/components/order-actions';
import { adminOrderDetail } from '@/features/store-admin/orders/server/admin-orders.server';
import { staffCan } from '@/features/store-admin/roles';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Order', robots: { index: false } };
export const dynamic = 'force-dynamic';

const PROVIDER_LABELS: Record<string, string> = {
  demo: 'Demo card',
  stripe: 'Card (Stripe)',
  manual: 'Bank transfer',
};

/**
 * One order of the store (orders.read): its lines, totals, payments, invoice and credit notes, and
 * what the role may do with it now. Another store's order, or none, is the 404 page.
 */
export default async function AdminOrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const staff = await pageStaff('orders.read', `/admin/orders/${encodeURIComponent(id)}`);
  let detail: Awaited<ReturnType<typeof adminOrderDetail>>;
  try {
    detail = await adminOrderDetail(staff, id);
  } catch (error) {
    if (hasErrorCode(error, 'order_not_found')) notFound();
    throw error;
  }
  const { order, payments, invoice, credit_notes: notes, can } = detail;
  const role = staff.staff.role;
  const money = (minor: number) => adminMoney(minor, order.currency);
  const refundLines =
    can.refund && staffCan(role, 'orders.refund')
      ? order.lines
          .filter((l) => !l.refunded)
          .map((l) => ({ id: l.id, label: l.label, amount: money(l.total.gross) }))
      : [];

  return (
    <AdminFrame current="/admin/orders" viewer={adminViewer(staff)} title={`Order ${order.number}`}>
      <p>
        <Link prefetch={false} href="/admin/orders">
          All orders
        </Link>
      </p>
      <dl className={styles.panel}>
        <dt>Status</dt>
        <dd>
          <span className={styles.badge} data-order-status={order.status}>
            {statusLabel(order.status)}
          </span>
        </dd>
        <dt>Placed (UTC)</dt>
        <dd>
          <time dateTime={order.created_at}>{adminTime(order.created_at)}</time>
        </dd>
        {order.paid_at ? (
          <>
            <dt>Paid (UTC)</dt>
            <dd>
              <time dateTime={order.paid_at}>{adminTime(order.paid_at)}</time>
            </dd>
          </>
        ) : null}
        <dt>Customer</dt>
        <dd>
          {order.billing.name}, {order.email}
          {order.billing.vat_number ? `, VAT ${order.billing.vat_number}` : ''}
        </dd>
        <dt>Paid with</dt>
        <dd>{PROVIDER_LABELS[order.provider] ?? order.provider}</dd>
        <dt>Invoice</dt>
        <dd>
          {invoice ? (
            // The customer's /invoices/{id} is their account's only; staff download the same
            // invoice from the store's own call (decision 0324).
            <a href={invoice.pdf_url} download={`${invoice.number}.pdf`}>
              {invoice.number} (PDF)
            </a>
          ) : (
            'None yet: the order is not paid.'
          )}
        </dd>
      </dl>

      <h2 id="lines-title">Lines</h2>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="lines-title">
        <table className={styles.table}>
          <caption className={styles.hidden}>The order’s lines</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Net</th>
              <th scope="col">VAT</th>
              <th scope="col">Gross</th>
              <th scope="col">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td>{l.label}</td>
                <td>{l.quantity}</td>
                <td>{money(l.total.net)}</td>
                <td>
                  {money(l.total.vat)} ({l.vat_rate}%)
                </td>
                <td>{money(l.total.gross)}</td>
                <td>{l.refunded ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td />
              <td>{money(order.totals.net)}</td>
              <td>{money(order.totals.vat)}</td>
              <td>{money(order.totals.gross)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>

      <OrderActions
        orderId={order.id}
        markPaid={can.mark_paid && staffCan(role, 'orders.mark_paid')}
        cancel={can.cancel && staffCan(role, 'orders.cancel')}
        refundLines={refundLines}
      />

      <h2 id="payments-title">Payments</h2>
      {payments.length === 0 ? (
        <p className={styles.empty}>No payment has been started.</p>
      ) : (
        <ul aria-labelledby="payments-title">
          {payments.map((p) => (
            <li key={p.id}>
              {PROVIDER_LABELS[p.provider] ?? p.provider}: {money(p.amount)},{' '}
              {/* The payment's start, not when its status (refunded...) came about. */}
              {statusLabel(p.status)}; started {adminTime(p.created_at)} UTC
              {p.failure_message ? `: ${p.failure_message}` : ''}
            </li>
          ))}
        </ul>
      )}

      <h2 id="notes-title">Credit notes</h2>
      {notes.length === 0 ? (
        <p className={styles.empty}>Nothing has been refunded.</p>
      ) : (
        <ul aria-labelledby="notes-title">
          {notes.map((n) => (
            <li key={n.id} data-credit-note={n.number}>
              {n.number} of {adminTime(n.issued_at)} UTC, crediting invoice {n.invoice_number}:{' '}
              {n.lines.map((l) => l.description).join(', ')}; {money(n.totals.gross)}.{' '}
              <a href={n.pdf_url} download={`${n.number}.pdf`}>
                Download the PDF<span className={styles.hidden}> of {n.number}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}
