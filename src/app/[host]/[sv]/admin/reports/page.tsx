import type { Metadata } from 'next';
import { now as clockNow } from '@/lib/clock';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import styles from '@/features/store-admin/components/admin.module.css';
import {
  adminMoney,
  adminTime,
  queryOf,
} from '@/features/store-admin/orders/components/admin-format';
import {
  FilterInput,
  ListFilters,
  QueryProblem,
} from '@/features/store-admin/orders/components/list-filters';
import { filterProblems } from '@/features/store-admin/orders/filter-problems';
import { pageQuery } from '@/features/store-admin/orders/page-query';
import {
  salesReportQuerySchema,
  type SalesReportTable,
} from '@/features/store-admin/orders/schemas';
import {
  PRODUCT_TYPE_LABELS,
  salesReport,
} from '@/features/store-admin/orders/server/sales-report.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Reports', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** A table of the report as a CSV file of its own, for a spreadsheet (decision 0279). */
function CsvLink({
  report,
  table,
  label,
}: {
  report: { from: string; to: string };
  table: SalesReportTable;
  label: string;
}) {
  return (
    <p>
      <a
        href={`/api/store-admin/reports/sales${queryOf({ from: report.from, to: report.to, format: 'csv', table })}`}
        download
      >
        {label}
      </a>
    </p>
  );
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const LABELS = { from: 'From (UTC)', to: 'To (UTC)' };

/**
 * The sales report (owners): per month and product type, net, VAT and gross invoiced less what
 * credit notes gave back; new customers per month; services renewing in the next 30 days of the
 * product's clock. Without dates it covers this year (UTC) so far; each table downloads as a CSV
 * file of its own.
 */
export default async function AdminReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const access = await pageSection('reports.read', '/admin/reports');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="Reports" />;
  const { staff } = access;
  const params = await searchParams;
  const today = clockNow().toISOString().slice(0, 10);
  const given = (k: 'from' | 'to') =>
    typeof params[k] === 'string' && params[k] !== '' ? (params[k] as string) : undefined;
  const from = given('from') ?? `${today.slice(0, 4)}-01-01`;
  const to = given('to') ?? today;
  const query = pageQuery({ from, to }, salesReportQuerySchema, ['from', 'to']);
  const report = 'data' in query ? await salesReport(staff, query.data) : null;
  // Each refusal once, beside its date; the line above the report only points to them (0324).
  const beside = 'fields' in query ? filterProblems(query.fields, LABELS) : {};

  return (
    <AdminFrame current="/admin/reports" viewer={adminViewer(staff)} title="Reports">
      <ListFilters action="/admin/reports" label="Show the report">
        <FilterInput id="from" label={LABELS.from} type="date" value={from} errors={beside.from} />
        <FilterInput id="to" label={LABELS.to} type="date" value={to} errors={beside.to} />
      </ListFilters>
      {'fields' in query ? (
        <QueryProblem fields={query.fields} labels={LABELS} beside={Object.keys(beside)} />
      ) : null}
      {report ? (
        <>
          <h2 id="sales-title">Sales per month</h2>
          <CsvLink report={report} table="sales" label="Download sales per month as CSV" />
          {report.sales.length === 0 ? (
            <p className={styles.empty}>Nothing was invoiced or credited in these months.</p>
          ) : (
            <div
              className={styles.tableWrap}
              tabIndex={0}
              role="region"
              aria-labelledby="sales-title"
            >
              <table className={styles.table}>
                <caption className={styles.hidden}>
                  Sales per month and product type, less credit notes
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Product type</th>
                    <th scope="col">Net</th>
                    <th scope="col">VAT</th>
                    <th scope="col">Gross</th>
                    <th scope="col">Of which credited (gross)</th>
                  </tr>
                </thead>
                <tbody>
                  {report.sales.map((r) => (
                    <tr key={`${r.month}-${r.currency}-${r.product_type}`}>
                      <td>{r.month}</td>
                      <td>{PRODUCT_TYPE_LABELS[r.product_type] ?? r.product_type}</td>
                      <td>{adminMoney(r.net, r.currency)}</td>
                      <td>{adminMoney(r.vat, r.currency)}</td>
                      <td>{adminMoney(r.gross, r.currency)}</td>
                      <td>{adminMoney(r.credited_gross, r.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <h2 id="customers-title">New customers</h2>
          <CsvLink
            report={report}
            table="new_customers"
            label="Download new customers per month as CSV"
          />
          {report.new_customers.length === 0 ? (
            <p className={styles.empty}>No customer joined in these months.</p>
          ) : (
            <ul aria-labelledby="customers-title">
              {report.new_customers.map((c) => (
                <li key={c.month}>
                  {c.month}: {c.count}
                </li>
              ))}
            </ul>
          )}

          <h2 id="renewals-title">Renewals due in the next 30 days</h2>
          <CsvLink report={report} table="renewals_due" label="Download renewals due as CSV" />
          {report.renewals_due.length === 0 ? (
            <p className={styles.empty}>Nothing renews in the next 30 days.</p>
          ) : (
            <div
              className={styles.tableWrap}
              tabIndex={0}
              role="region"
              aria-labelledby="renewals-title"
            >
              <table className={styles.table}>
                <caption className={styles.hidden}>Services renewing in the next 30 days</caption>
                <thead>
                  <tr>
                    <th scope="col">Service</th>
                    <th scope="col">Type</th>
                    <th scope="col">Renews (UTC)</th>
                    <th scope="col">Renews by itself</th>
                  </tr>
                </thead>
                <tbody>
                  {report.renewals_due.map((r) => (
                    <tr key={r.service_id}>
                      <td>{r.name}</td>
                      <td>{r.type}</td>
                      <td>
                        <time dateTime={r.renews_at}>{adminTime(r.renews_at)}</time>
                      </td>
                      <td>{r.auto_renew ? 'Yes' : 'No'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </AdminFrame>
  );
}
