import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import styles from '@/features/store-admin/components/admin.module.css';
import { adminTime, queryOf } from '@/features/store-admin/orders/components/admin-format';
import {
  FilterInput,
  ListFilters,
  QueryProblem,
} from '@/features/store-admin/orders/components/list-filters';
import { filterProblems } from '@/features/store-admin/orders/filter-problems';
import { listForPage, pageQuery } from '@/features/store-admin/orders/page-query';
import { customerListQuerySchema } from '@/features/store-admin/orders/schemas';
import { listAdminCustomers } from '@/features/store-admin/orders/server/admin-orders.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Customers', robots: { index: false } };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const LABELS = { q: 'E-mail or name' };

/** The store's customer accounts, newest first, 50 a page, searched by e-mail or name. */
export default async function AdminCustomersPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await pageStaff('customers.read', '/admin/customers');
  const params = await searchParams;
  const query = pageQuery(params, customerListQuerySchema, ['q', 'cursor']);
  const q = typeof params.q === 'string' && params.q !== '' ? params.q : undefined;

  const { page, problem } = await listForPage(query, (data) => listAdminCustomers(staff, data));
  // Each refusal once, beside its field; the line above the list only points to it (0324).
  const beside = problem ? filterProblems(problem, LABELS) : {};

  return (
    <AdminFrame current="/admin/customers" viewer={adminViewer(staff)} title="Customers">
      <ListFilters action="/admin/customers" label="Find customers">
        <FilterInput id="q" label={LABELS.q} type="search" value={q} errors={beside.q} />
      </ListFilters>
      {problem ? (
        <QueryProblem fields={problem} labels={LABELS} beside={Object.keys(beside)} />
      ) : null}
      {page && page.customers.length === 0 ? (
        <p className={styles.empty}>
          {q ? 'No customer matches.' : 'No customers yet: they show here once they register.'}
        </p>
      ) : null}
      {page && page.customers.length > 0 ? (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Customers found">
          <table className={`${styles.table} ${styles.tableCards}`}>
            <caption className={styles.hidden}>Customers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Since (UTC)</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {page.customers.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.name}
                    {/* Registered, the activation link never opened: no sign-in, no order yet. */}
                    {c.activated ? null : (
                      <>
                        {' '}
                        <span className={styles.badge}>not activated</span>
                      </>
                    )}
                  </td>
                  <td data-label="E-mail">{c.email}</td>
                  <td data-label="Since (UTC)">
                    <time dateTime={c.created_at}>{adminTime(c.created_at)}</time>
                  </td>
                  <td data-label="Orders">
                    {c.orders > 0 ? (
                      <Link
                        prefetch={false}
                        href={`/admin/orders${queryOf({ q: c.email ?? undefined })}`}
                      >
                        {c.orders}
                        <span className={styles.hidden}> orders of {c.email ?? c.name}</span>
                      </Link>
                    ) : (
                      0
                    )}
                  </td>
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
            href={`/admin/customers${queryOf({ q, cursor: page.next_cursor })}`}
          >
            Older customers
          </Link>
        </p>
      ) : null}
    </AdminFrame>
  );
}
