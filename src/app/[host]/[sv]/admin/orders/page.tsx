import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import styles from '@/features/store-admin/components/admin.module.css';
import {
  adminMoney,
  adminTime,
  queryOf,
  statusLabel,
} from '@/features/store-admin/orders/components/admin-format';
import {
  FilterInput,
  FilterSelect,
  ListFilters,
  QueryProblem,
} from '@/features/store-admin/orders/components/list-filters';
import { filterProblems } from '@/features/store-admin/orders/filter-problems';
import { listForPage, pageQuery } from '@/features/store-admin/orders/page-query';
import {
  ADMIN_ORDER_STATUSES,
  ADMIN_PROVIDERS,
  orderListQuerySchema,
} from '@/features/store-admin/orders/schemas';
import { listAdminOrders } from '@/features/store-admin/orders/server/admin-orders.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Orders', robots: { index: false } };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PROVIDER_LABELS: Record<string, string> = {
  demo: 'Demo card',
  stripe: 'Card (Stripe)',
  manual: 'Bank transfer',
};
const FILTERS = ['q', 'status', 'provider', 'from', 'to'] as const;
const LABELS: Record<(typeof FILTERS)[number], string> = {
  q: 'Number, e-mail or name',
  status: 'Status',
  provider: 'Paid with',
  from: 'Placed from (UTC)',
  to: 'Placed until (UTC)',
};

/** The store's orders, newest first, 50 a page, with search and filters (orders.read). */
export default async function AdminOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await pageStaff('orders.read', '/admin/orders');
  const params = await searchParams;
  const query = pageQuery(params, orderListQuerySchema, [...FILTERS, 'cursor']);
  const shown = Object.fromEntries(
    FILTERS.map((k) => [k, typeof params[k] === 'string' ? (params[k] as string) : undefined]),
  ) as Record<(typeof FILTERS)[number], string | undefined>;

  const { page, problem } = await listForPage(query, (data) => listAdminOrders(staff, data));
  // Each refusal once, beside its filter; the line above the list only points to it (0324).
  const beside = problem ? filterProblems(problem, LABELS) : {};

  return (
    <AdminFrame current="/admin/orders" viewer={adminViewer(staff)} title="Orders">
      <ListFilters action="/admin/orders" label="Find orders">
        <FilterInput id="q" label={LABELS.q} type="search" value={shown.q} errors={beside.q} />
        <FilterSelect
          id="status"
          label={LABELS.status}
          value={shown.status}
          options={ADMIN_ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          errors={beside.status}
        />
        <FilterSelect
          id="provider"
          label={LABELS.provider}
          value={shown.provider}
          options={ADMIN_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] ?? p }))}
          errors={beside.provider}
        />
        <FilterInput
          id="from"
          label={LABELS.from}
          type="date"
          value={shown.from}
          errors={beside.from}
        />
        <FilterInput id="to" label={LABELS.to} type="date" value={shown.to} errors={beside.to} />
      </ListFilters>
      {problem ? (
        <QueryProblem fields={problem} labels={LABELS} beside={Object.keys(beside)} />
      ) : null}
      {page && page.orders.length === 0 ? (
        <p className={styles.empty}>
          {Object.values(shown).some(Boolean)
            ? 'No order matches.'
            : 'No orders yet: they show here once customers check out.'}
        </p>
      ) : null}
      {page && page.orders.length > 0 ? (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Orders found">
          <table className={`${styles.table} ${styles.tableCards}`}>
            <caption className={styles.hidden}>Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed (UTC)</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Paid with</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {page.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link prefetch={false} href={`/admin/orders/${o.id}`}>
                      {o.number}
                    </Link>
                  </td>
                  <td data-label="Placed (UTC)">
                    <time dateTime={o.created_at}>{adminTime(o.created_at)}</time>
                  </td>
                  <td data-label="Customer">
                    {o.customer_name ? (
                      <>
                        {o.customer_name}
                        <br />
                      </>
                    ) : null}
                    {o.email}
                  </td>
                  <td data-label="Status">
                    <span className={styles.badge} data-order-status={o.status}>
                      {statusLabel(o.status)}
                    </span>
                  </td>
                  <td data-label="Paid with">{PROVIDER_LABELS[o.provider] ?? o.provider}</td>
                  <td data-label="Total">{adminMoney(o.totals.gross, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page?.next_cursor ? (
        <p className={styles.pager}>
          <Link
            prefetch={false}
            href={`/admin/orders${queryOf({ ...shown, cursor: page.next_cursor })}`}
          >
            Older orders
          </Link>
        </p>
      ) : null}
    </AdminFrame>
  );
}
