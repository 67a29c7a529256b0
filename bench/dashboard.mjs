// Dashboard benchmark, on a production build: 16 signed-in customers, each
// with a domain, a number and a plan bought through the checkout and the demo payment, read
// their dashboard's calls in a loop — GET /api/services, GET /api/services/{id}, GET
// /api/account/members — for `--duration` seconds. Prints requests/s and p50/p99 per call, the
// ratio to /check-health (same 16 connections), and the server's resident memory.
// Usage: node bench/dashboard.mjs [--duration 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentiles, shopClient, startMailPeer } from './shop-client.mjs';
import { freshPostgresDatabase, startServer, treeRss } from './support.mjs';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 10);
const CUSTOMERS = 16;
const port = 3330;
const host = 'nameport.localhost';
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-dashboard-'));

const databaseUrl = process.env.BENCH_DATABASE_URL ?? `pglite:${dataDir}`;
const dropDatabase = await freshPostgresDatabase(databaseUrl);
const smtp = await startMailPeer();
const { call, expectStatus, customer } = shopClient({ port, host, mails: smtp.mails });
const server = await startServer({
  port,
  env: {
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: '1000',
  },
});

/** A customer with a paid domain, number and plan; answers them and one service id. */
async function equippedCustomer(i, number) {
  const who = await customer(`dashboard.${i}`);
  const domain = `benchdash${Date.now().toString(36)}x${i}.com`;
  for (const item of [
    { type: 'domain_registration', domain, years: 1 },
    { type: 'number', number },
    { type: 'plan', plan: 'business', users: 2 },
  ]) {
    expectStatus(await call('POST', '/api/cart', { body: item, who }), 200, `add ${item.type}`);
  }
  const check = expectStatus(await call('GET', '/api/checkout', { who }), 200, 'checkout');
  const order = expectStatus(
    await call('POST', '/api/orders', {
      body: {
        cart_version: check.json.data.cart.version,
        accept_terms: true,
        number_addresses: Object.fromEntries(
          check.json.data.requirements
            .filter((r) => r.kind === 'number_address')
            .map((r) => [
              r.line_id,
              { line1: '1 Bench Street', city: 'London', postcode: 'EC1A 1BB', country: 'GB' },
            ]),
        ),
      },
      who,
      headers: { 'idempotency-key': randomUUID() },
    }),
    201,
    'order',
  );
  expectStatus(
    await call('POST', `/api/payments/${order.json.data.payment.id}/demo`, {
      body: { outcome: 'succeed' },
      who,
    }),
    200,
    'pay',
  );
  const services = expectStatus(await call('GET', '/api/services', { who }), 200, 'services');
  if (services.json.data.services.length !== 3) throw new Error('expected three services');
  return { who, serviceId: services.json.data.services[0].id };
}

try {
  const free = expectStatus(
    await call('GET', `/api/voice/numbers?limit=${CUSTOMERS}`),
    200,
    'numbers',
  ).json.data.numbers;
  if (free.length < CUSTOMERS) throw new Error('not enough free numbers');
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await equippedCustomer(i, free[i].number));

  const calls = [
    ['GET /api/services', () => '/api/services'],
    ['GET /api/services/{id}', (c) => `/api/services/${c.serviceId}`],
    ['GET /api/account/members', () => '/api/account/members'],
  ];
  const rss = [];
  const rows = [];
  for (const [name, pathOf] of calls) {
    // Warm the route, then every customer reads it in a loop.
    for (const c of customers)
      expectStatus(await call('GET', pathOf(c), { who: c.who }), 200, name);
    const times = [];
    const started = Date.now();
    const until = started + duration * 1000;
    await Promise.all(
      customers.map(async (c) => {
        while (Date.now() < until) {
          times.push(expectStatus(await call('GET', pathOf(c), { who: c.who }), 200, name).ms);
        }
      }),
    );
    rows.push({ name, rps: times.length / ((Date.now() - started) / 1000), times });
    rss.push(treeRss(server.pid).server ?? NaN);
  }
  const health = await autocannon({
    url: `http://127.0.0.1:${port}/check-health`,
    connections: CUSTOMERS,
    duration: Math.min(duration, 5),
    headers: { host },
  });
  const healthRps = health.requests.average;
  console.log(
    `\ndashboard: node ${process.version}, ${CUSTOMERS} concurrent signed-in customers, ${duration} s per call, server on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(5)} req/s  ${percentiles(r.times)}  ratio to /check-health ${(r.rps / healthRps).toFixed(2)}`,
    );
  }
  console.log(`/check-health ${healthRps.toFixed(0)} req/s (${CUSTOMERS} connections)`);
  console.log(`server resident memory after each call: ${rss.join(', ')} MB (target < 500)`);
  if (rss.some((mb) => !(mb < 500))) process.exitCode = 1;
} finally {
  await server.stop();
  await smtp.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
