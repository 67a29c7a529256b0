// Renewal run benchmark: N services on PostgreSQL, all with a step due —
// half domains 20 days from expiry (a bill), half numbers past their renewal day (a bill and,
// with a kept demo card, a charge) — run by the scheduler's finders and two job queues (two
// instances), timed; then the database is asked whether any service was billed or charged twice.
// Usage: npm run bench:renewals [-- --services 10000]
// (BENCH_DATABASE_URL: the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/test;
// a database of its own is made there and dropped after.)
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const args = process.argv.slice(2);
const at = args.indexOf('--services');
const N = at >= 0 ? Number(args[at + 1]) : 10_000;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `bench_renewals_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.LOG_LEVEL = 'warn';
process.env.JOB_SCHEMA = 'jobs';

const { appDatabase, appDb, closeAppDatabase } = await import('../src/lib/db/app-db');
const { openDatabase } = await import('../src/lib/db/client');
const { getEnv } = await import('../src/lib/env');
const { JobQueue } = await import('../src/lib/jobs/job-queue.server');
const { prepareJobQueue } = await import('../src/lib/jobs/process-queue.server');
const { runFinders } = await import('../src/lib/jobs/scheduler');
const { now } = await import('../src/lib/clock');
const { seedDemoData } = await import('../src/features/demo/server/demo-seed.server');
await import('../src/features/renewals/server/life-jobs.server');
await import('../src/features/purchase/server/receipt-job.server');

const queues: InstanceType<typeof JobQueue>[] = [];
const pools: Awaited<ReturnType<typeof openDatabase>>[] = [];
try {
  const { executeSql } = await appDatabase();
  await seedDemoData(await appDb(), { demoStores: true });

  // One account per 10 services; each account's first order holds its 10 lines.
  const accounts = Math.ceil(N / 10);
  const t0 = performance.now();
  await executeSql(`
    insert into accounts (id, store_key, name)
      select md5('a' || g)::uuid, 'nameport', 'Bench ' || g from generate_series(1, ${accounts}) g;
    insert into payment_methods (account_id, store_key, provider, provider_ref, label, is_default, created_at)
      select md5('a' || g)::uuid, 'nameport', 'demo', 'demo-card', 'Demo card', true, now()
      from generate_series(1, ${accounts}) g where g % 2 = 0;
    insert into orders (id, store_key, account_id, store_host, email, number, status, provider, currency,
        site_version, total_net, total_vat, total_gross, billing, supplier, expires_at, created_at, paid_at)
      select md5('o' || g)::uuid, 'nameport', md5('a' || g)::uuid, 'nameport.localhost',
        'bench' || g || '@example.com', 'NP-B' || g, 'fulfilled', 'demo', 'GBP', 1, 0, 0, 0,
        '{"name":"Bench","line1":"1 Bench St","line2":null,"city":"London","region":null,"postcode":"EC1A 1BB","country":"GB","vat_number":null}',
        '{}', now(), now() - interval '400 days', now() - interval '400 days'
      from generate_series(1, ${accounts}) g;
    insert into order_lines (id, order_id, position, type, label, quantity, unit_net, unit_vat, unit_gross,
        total_net, total_vat, total_gross, vat_rate_bp, recurring_net, recurring_vat, recurring_gross, period)
      select md5('l' || s)::uuid, md5('o' || ((s - 1) / 10 + 1))::uuid, (s - 1) % 10,
        case when s % 2 = 0 then 'domain_registration' else 'number' end, 'Bench ' || s, 1,
        1299, 260, 1559, 1299, 260, 1559, 2000, 1299, 260, 1559,
        case when s % 2 = 0 then 'year' else 'month' end
      from generate_series(1, ${N}) s;
    insert into services (id, store_key, account_id, order_id, order_line_id, type, name, status, period,
        started_at, renews_at, expires_at, auto_renew, unit_net, price_net, price_vat, price_gross, currency, details, created_at)
      select md5('s' || s)::uuid, 'nameport', md5('a' || ((s - 1) / 10 + 1))::uuid,
        md5('o' || ((s - 1) / 10 + 1))::uuid, md5('l' || s)::uuid,
        case when s % 2 = 0 then 'domain' else 'number' end,
        case when s % 2 = 0 then 'bench' || s || '.com' else '+44113' || lpad(s::text, 7, '0') end,
        'active', case when s % 2 = 0 then 'year' else 'month' end, now() - interval '400 days',
        case when s % 2 = 0 then now() + interval '20 days' else now() - interval '1 day' end,
        case when s % 2 = 0 then now() + interval '20 days' else null end,
        true, 1299, 1299, 260, 1559, 'GBP',
        case when s % 2 = 0 then jsonb_build_object('domain', 'bench' || s || '.com')
             else jsonb_build_object('number', '+44113' || lpad(s::text, 7, '0')) end,
        now() - interval '400 days'
      from generate_series(1, ${N}) s;
  `);
  const seeded = performance.now() - t0;

  // Two instances: two queues with pools of their own, each with its workers.
  for (let i = 0; i < 2; i++) {
    const pool = await openDatabase(process.env.DATABASE_URL, { maxConnections: 4 });
    pools.push(pool);
    queues.push(
      new JobQueue({
        executeSql: pool.executeSql,
        schema: getEnv().JOB_SCHEMA,
        pollingIntervalSeconds: 0.5,
        workers: true,
      }),
    );
  }
  await prepareJobQueue();
  const started = performance.now();
  await runFinders(now());
  const found = performance.now() - started;
  for (const q of queues) await q.start();
  const runs = await Promise.all(queues.map((q) => q.drain(30 * 60_000)));
  const elapsed = performance.now() - started;

  const [{ rows: billed }, { rows: charged }, { rows: steps }] = await Promise.all([
    executeSql(`select count(*)::int as services, max(n)::int as most from (
      select l.service_id, count(*) as n from order_lines l join orders o on o.id = l.order_id
      where o.kind = 'renewal' group by l.service_id) t`),
    executeSql(`select count(*)::int as bills, coalesce(max(n), 0)::int as most from (
      select p.order_id, count(*) filter (where p.status = 'succeeded') as n from payments p
      join orders o on o.id = p.order_id where o.kind = 'renewal' group by p.order_id) t`),
    executeSql(`select count(*)::int as steps from service_steps`),
  ]);
  const b = billed[0] as { services: number; most: number };
  const c = charged[0] as { bills: number; most: number };
  console.log(
    `\nrenewals: node ${process.version}, ${N} services on PostgreSQL, two job queues (2 × 4 connections)`,
  );
  console.log(
    `seeded in ${(seeded / 1000).toFixed(1)} s; finders queued the due services in ${(found / 1000).toFixed(1)} s`,
  );
  console.log(
    `renewal run: ${(elapsed / 1000).toFixed(1)} s (${(N / (elapsed / 1000)).toFixed(0)} services/s), ${runs[0]! + runs[1]!} job runs (${runs.join(' + ')})`,
  );
  console.log(
    `billed: ${b.services} services, at most ${b.most} bill each; charged: ${c.bills} bills with a try, at most ${c.most} success each; ${(steps[0] as { steps: number }).steps} steps`,
  );
  if (b.services !== N || b.most !== 1 || c.most > 1) {
    console.log('FAILED: a service was not billed, or was billed or charged more than once');
    process.exitCode = 1;
  }
} finally {
  for (const q of queues) await q.stop();
  for (const p of pools) await p.close();
  await closeAppDatabase();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
