// The store admin's lists with 10,000 orders (issue 26, point 11): p50/p99 of the calls the
// admin's list pages make, on one production instance (scripts/serve.mjs, the existing build) on
// PostgreSQL. The store bytes.localhost gets 2,000 customer accounts and 10,000 orders over the
// past year (a third paid and invoiced, with one to three lines each), written straight into its
// database: a benchmark of reading lists, not of checkout (bench/checkout.mjs times that). Then
// the demo owner signs in with a second factor and each call runs `--rounds` times one after
// another: the orders list's first page, its next page by cursor, a search, a status filter, a
// date range, the customers list and a search in it, the sales report in JSON and in CSV.
//
//   node bench/admin-lists.mjs [--orders 10000] [--rounds 200] [--port 3795]
//   (needs `npm run build` first; PostgreSQL at BENCH_POSTGRES_URL, Redis at BENCH_REDIS_URL)
import pg from 'pg';
import {
  ms,
  option,
  percentile,
  signInOwner,
  startInstance,
  stopInstances,
  withBenchDatabase,
} from './admin-support.mjs';

const ORDERS = option('orders', 10_000);
const ROUNDS = option('rounds', 200);
const PORT = option('port', 3795);

/** 10,000 orders of the owner's store, its customers, lines and invoices, in four statements. */
async function seed(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [owner],
    } = await db.query(`select store_key from users where email = 'owner@bytes.localhost'`);
    const store = owner.store_key;
    const customers = Math.max(1, Math.round(ORDERS / 5));
    await db.query('begin');
    await db.query(
      `insert into accounts (store_key, name, created_at)
       select $1, 'Bench customer ' || g, now() - make_interval(mins => g * 200)
       from generate_series(1, $2) g`,
      [store, customers],
    );
    await db.query(
      `insert into users (store_key, account_id, name, email, email_verified, created_at)
       select $1, a.id, a.name, 'bench-' || a.id || '@example.com', true, a.created_at
       from accounts a where a.store_key = $1 and a.name like 'Bench customer %'`,
      [store],
    );
    await db.query(
      `with buyers as (
         select a.id, u.email, a.name, row_number() over (order by a.id) as n
         from accounts a join users u on u.account_id = a.id
         where a.store_key = $1 and a.name like 'Bench customer %')
       insert into orders (store_key, account_id, store_host, email, number, status, provider,
         currency, site_version, total_net, total_vat, total_gross, billing, supplier,
         expires_at, created_at, paid_at, fulfilled_at)
       select $1, b.id, 'bytes.localhost', b.email, 'BENCH-' || lpad(g::text, 6, '0'),
         case when g % 3 = 0 then 'fulfilled' when g % 7 = 0 then 'cancelled'
           else 'awaiting_payment' end,
         case when g % 2 = 0 then 'manual' else 'demo' end,
         'EUR', 1, 1000 * (1 + g % 3), 210 * (1 + g % 3), 1210 * (1 + g % 3),
         jsonb_build_object('name', b.name, 'company', 'Bench ' || (g % 97), 'country', 'NL'),
         '{}'::jsonb,
         now() - make_interval(mins => g * 50) + interval '1 day',
         now() - make_interval(mins => g * 50),
         case when g % 3 = 0 then now() - make_interval(mins => g * 50) end,
         case when g % 3 = 0 then now() - make_interval(mins => g * 50) end
       from generate_series(1, $2) g join buyers b on b.n = 1 + g % $3`,
      [store, ORDERS, customers],
    );
    await db.query(
      `insert into order_lines (order_id, position, type, label, domain, years, quantity,
         unit_net, unit_vat, unit_gross, total_net, total_vat, total_gross, vat_rate_bp,
         recurring_net, recurring_vat, recurring_gross, period)
       select o.id, p, case p when 1 then 'domain_register' when 2 then 'number' else 'plan' end,
         'Line ' || p, case when p = 1 then lower(o.number) || '.com' end,
         case when p = 1 then 1 end, 1, 1000, 210, 1210, 1000, 210, 1210, 2100,
         1000, 210, 1210, 'year'
       from orders o cross join generate_series(1, 3) p
       where o.store_key = $1 and o.number like 'BENCH-%' and p <= o.total_net / 1000`,
      [store],
    );
    await db.query(
      `insert into invoices (store_key, account_id, order_id, order_number, number, issued_at,
         supplied_at, currency, site_version, supplier, customer, lines, total_net, total_vat,
         total_gross)
       select o.store_key, o.account_id, o.id, o.number, 'BENCH-INV-' || o.number, o.paid_at,
         o.paid_at, o.currency, o.site_version, '{}'::jsonb, o.billing, '[]'::jsonb,
         o.total_net, o.total_vat, o.total_gross
       from orders o where o.store_key = $1 and o.number like 'BENCH-%' and o.paid_at is not null`,
      [store],
    );
    await db.query('commit');
    await db.query('analyze');
  } finally {
    await db.end();
  }
}

async function main(databaseUrl) {
  const instances = [];
  try {
    instances.push(await startInstance(PORT, databaseUrl));
    await seed(databaseUrl);
    const staff = await signInOwner(PORT);
    const first = await staff('GET', '/api/store-admin/orders');
    if (first.status !== 200) throw new Error(`orders: ${first.text}`);
    const cursor = first.json.data.next_cursor;
    const year = new Date().getUTCFullYear();
    const calls = [
      ['orders, first page', '/api/store-admin/orders'],
      ['orders, next page', `/api/store-admin/orders?cursor=${encodeURIComponent(cursor)}`],
      ['orders, search', '/api/store-admin/orders?q=bench%2042'],
      ['orders, status', '/api/store-admin/orders?status=fulfilled'],
      ['orders, dates', `/api/store-admin/orders?from=${year}-01-01&to=${year}-02-01`],
      ['customers', '/api/store-admin/customers'],
      ['customers, search', '/api/store-admin/customers?q=customer%20123'],
      [
        'sales report, json',
        `/api/store-admin/reports/sales?from=${year - 1}-01-01&to=${year + 1}-01-01&format=json`,
      ],
      [
        'sales report, csv',
        `/api/store-admin/reports/sales?from=${year - 1}-01-01&to=${year + 1}-01-01&format=csv`,
      ],
    ];
    console.log(`store admin lists, ${ORDERS} orders, ${ROUNDS} calls each, one after another:`);
    for (const [name, path] of calls) {
      const times = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        const answer = await staff('GET', path);
        times.push(performance.now() - start);
        if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.text}`);
      }
      const sorted = times.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(20)} p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`,
      );
    }
  } finally {
    await stopInstances(instances);
  }
}

await withBenchDatabase(main);
