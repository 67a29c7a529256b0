import Link from 'next/link';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { PayButton } from '@/features/purchase/components/pay-button';
import { accountCreditNotes } from '@/features/invoices/server/credit-notes.server';
import { accountInvoices } from '@/features/invoices/server/invoices.server';
import { accountBills, accountOrders } from '@/features/orders/server/orders.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { formatMoney } from '@/features/pricing/format-money';
import { formatDay } from '../format';
import { DashboardFrame } from './dashboard-frame';
import type { NavViewer } from './dashboard-nav';
import styles from './dashboard.module.css';
import { SignInFirst } from './sign-in-first';
import { StatusBadge } from './status-badge';
import { siteVersionOfCurrency } from '@/features/site-version/site-version';

const sv = siteVersionOfCurrency;

function NotForRole({
  title,
  current,
  viewer,
}: {
  title: string;
  current: string;
  viewer: NavViewer;
}) {
  return (
    <DashboardFrame current={current} viewer={viewer} title={title}>
      <p>Your role in this account does not include orders and invoices. Ask the owner.</p>
    </DashboardFrame>
  );
}

/** The account's orders, newest first, each to its page. */
export async function OrdersPage() {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="Orders" />;
  if (!can(viewer.role, 'billing.read'))
    return <NotForRole title="Orders" current="/dashboard/orders" viewer={viewer} />;
  const orders = await accountOrders(viewer);
  return (
    <DashboardFrame current="/dashboard/orders" viewer={viewer} title="Orders">
      {orders.length === 0 ? (
        <p className={styles.empty}>No orders yet.</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Orders">
          <table className={`${styles.table} ${styles.cards}`}>
            <caption className={styles.hidden}>Orders</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link prefetch={false} href={`/orders/${o.id}`}>
                      {o.number}
                    </Link>
                    {o.kind === 'renewal' ? ' (renewal)' : ''}
                  </td>
                  <td data-label="Placed">
                    {formatDay(o.createdAt.toISOString(), viewer.siteVersion)}
                  </td>
                  <td data-label="Status">
                    <StatusBadge status={o.status} />
                  </td>
                  <td data-label="Total">{formatMoney(o.totalGross, sv(o.currency))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardFrame>
  );
}

/**
 * Unpaid and overdue bills first (each with Pay), then the VAT invoices with their PDFs, then the
 * credit notes of the store's refunds, each naming the invoice it corrects (decision 0323).
 */
export async function InvoicesPage() {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="Invoices" />;
  if (!can(viewer.role, 'billing.read'))
    return <NotForRole title="Invoices" current="/dashboard/invoices" viewer={viewer} />;
  const [bills, invoices, creditNotes, methods] = await Promise.all([
    accountBills(viewer),
    accountInvoices(viewer),
    accountCreditNotes(viewer),
    accountPaymentMethodViews(viewer),
  ]);
  /** What the credit notes gave back of each invoice, in its minor units. */
  const credited = new Map<string, number>();
  for (const n of creditNotes) {
    credited.set(n.invoice_id, (credited.get(n.invoice_id) ?? 0) + n.totals.gross);
  }
  const canPay = can(viewer.role, 'billing.manage');
  const kept = methods.find((m) => m.is_default);
  return (
    <DashboardFrame current="/dashboard/invoices" viewer={viewer} title="Invoices">
      <h2>To pay</h2>
      {bills.length === 0 ? (
        <p className={styles.empty}>Nothing to pay.</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Bills to pay">
          <table className={`${styles.table} ${styles.cards}`}>
            <caption className={styles.hidden}>Bills to pay</caption>
            <thead>
              <tr>
                <th scope="col">Bill</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">
                  <span className={styles.hidden}>Pay</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bills.map((b) => (
                <tr key={b.order_id}>
                  <td>
                    <Link prefetch={false} href={`/orders/${b.order_id}`}>
                      {b.number}
                    </Link>
                  </td>
                  <td data-label="Due">{formatDay(b.due_at, viewer.siteVersion)}</td>
                  <td data-label="Status">
                    <StatusBadge status={b.status} />
                  </td>
                  <td data-label="Amount">{formatMoney(b.totals.gross, sv(b.currency))}</td>
                  <td>
                    {canPay ? <PayButton orderId={b.order_id} label={`Pay ${b.number}`} /> : null}
                    {canPay && kept ? (
                      <PayButton
                        orderId={b.order_id}
                        methodId={kept.id}
                        label={`Pay ${b.number} with ${kept.label}`}
                        secondary
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Paid</h2>
      {invoices.length === 0 ? (
        <p className={styles.empty}>No invoices yet.</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Paid invoices">
          <table className={`${styles.table} ${styles.cards}`}>
            <caption className={styles.hidden}>Paid invoices</caption>
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Issued</th>
                <th scope="col">Status</th>
                <th scope="col">Total</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((i) => (
                <tr key={i.id}>
                  <td>
                    <Link prefetch={false} href={`/invoices/${i.id}`}>
                      {i.number}
                    </Link>
                  </td>
                  <td data-label="Issued">{formatDay(i.issued_at, viewer.siteVersion)}</td>
                  <td data-label="Status">
                    <StatusBadge status={i.status} />
                    {credited.has(i.id) ? (
                      <>
                        {' '}
                        <StatusBadge
                          status={
                            credited.get(i.id)! >= i.totals.gross ? 'refunded' : 'partly_refunded'
                          }
                        />
                      </>
                    ) : null}
                  </td>
                  <td data-label="Total">{formatMoney(i.totals.gross, i.site_version)}</td>
                  <td>
                    <a href={`/api/invoices/${i.id}/pdf`}>
                      Download<span className={styles.hidden}> {i.number} as PDF</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creditNotes.length > 0 ? (
        <>
          <h2>Credit notes</h2>
          <p>What the store refunded, each against the invoice it corrects.</p>
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Credit notes">
            <table className={`${styles.table} ${styles.cards}`}>
              <caption className={styles.hidden}>Credit notes</caption>
              <thead>
                <tr>
                  <th scope="col">Credit note</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Credits invoice</th>
                  <th scope="col">Amount</th>
                  <th scope="col">PDF</th>
                </tr>
              </thead>
              <tbody>
                {creditNotes.map((n) => (
                  <tr key={n.id} data-credit-note={n.number}>
                    <td>
                      <Link prefetch={false} href={`/credit-notes/${n.id}`}>
                        <span className={styles.hidden}>Credit note </span>
                        {n.number}
                      </Link>
                    </td>
                    <td data-label="Issued">{formatDay(n.issued_at, viewer.siteVersion)}</td>
                    <td data-label="Credits invoice">
                      <Link prefetch={false} href={`/invoices/${n.invoice_id}`}>
                        {n.invoice_number}
                      </Link>
                    </td>
                    {/* Money given back: taken off what the invoice charged. */}
                    <td data-label="Amount">
                      {formatMoney(-n.totals.gross, n.site_version)}
                      <span className={styles.hidden}> refunded</span>
                    </td>
                    <td>
                      <a href={`/api/credit-notes/${n.id}/pdf`}>
                        Download<span className={styles.hidden}> {n.number} as PDF</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </DashboardFrame>
  );
}
