// Checkout benchmark, on a production build:
// - order placement plus demo payment with 16 concurrent customers, each in a loop: add a new
//   domain and a plan to the cart, GET /api/checkout (the re-check), POST /api/orders
//   (Idempotency-Key), POST /api/payments/{id}/demo (the finish step: invoice, services,
//   receipt job with its PDF): requests/s, p50/p99 per call and per order, ratio to
//   /check-health, and the server's event-loop delay p99 meanwhile (target below 50 ms);
// - invoice PDF (GET /api/invoices/{id}/pdf): p50/p99 over 200 downloads.
// Usage: node bench/checkout.mjs [--duration 10]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentiles as fmt, shopClient, startMailPeer } from './shop-client.mjs';
import { freshPostgresDatabase, serverCommand } from './support.mjs';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 10);
const CUSTOMERS = 16;
const port = 3320;
const host = 'nameport.localhost';
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-checkout-'));

// A real SMTP peer: activation mails of the customers, then order and receipt mails.
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `pglite:${dataDir}`;
const dropDatabase = await freshPostgresDatabase(databaseUrl);
const smtp = await startMailPeer();
const { call, expectStatus, customer } = shopClient({ port, host, mails: smtp.mails });

const loopStats = [];
const server = spawn(...serverCommand(), {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    SMTP_URL: smtp.url,
    RATE_LIMIT_SCALE: '1000',
    EVENT_LOOP_STATS_MS: '500',
  },
  // Its standard input reaches scripts/serve.mjs: "mark" starts the event-loop histogram of the
  // measured part.
  stdio: ['pipe', 'pipe', 'inherit'],
});
let buffered = '';
server.stdout.on('data', (chunk) => {
  buffered += chunk;
  let at;
  while ((at = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, at);
    buffered = buffered.slice(at + 1);
    if (line.startsWith('{"event_loop_delay_ms"'))
      loopStats.push({ at: Date.now(), ...JSON.parse(line).event_loop_delay_ms });
  }
});

const timings = { add: [], checkout: [], order: [], pay: [], cycle: [] };
let requests = 0;
let counter = 0;
const invoiceOrders = [];

/** One order: fill the cart, re-check, place, pay. */
async function buy(who, record) {
  const started = performance.now();
  const domain = `bench${Date.now().toString(36)}x${counter++}.com`;
  const a = expectStatus(
    await call('POST', '/api/cart', {
      body: { type: 'domain_registration', domain, years: 1 },
      who,
    }),
    200,
    'add domain',
  );
  const b = expectStatus(
    await call('POST', '/api/cart', { body: { type: 'plan', plan: 'business', users: 2 }, who }),
    200,
    'add plan',
  );
  const c = expectStatus(await call('GET', '/api/checkout', { who }), 200, 'checkout');
  const d = expectStatus(
    await call('POST', '/api/orders', {
      body: { cart_version: c.json.data.cart.version, accept_terms: true },
      who,
      headers: { 'idempotency-key': randomUUID() },
    }),
    201,
    'order',
  );
  const e = expectStatus(
    await call('POST', `/api/payments/${d.json.data.payment.id}/demo`, {
      body: { outcome: 'succeed' },
      who,
    }),
    200,
    'pay',
  );
  requests += 5;
  if (record) {
    timings.add.push(a.ms, b.ms);
    timings.checkout.push(c.ms);
    timings.order.push(d.ms);
    timings.pay.push(e.ms);
    timings.cycle.push(performance.now() - started);
  }
  return { who, orderId: d.json.data.order.id };
}

try {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/check-health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }

  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await customer(`checkout.${i}`));
  // Warm up every route and the PDF font.
  for (const who of customers.slice(0, 2)) await buy(who, false);

  requests = 0;
  server.stdin.write('mark\n');
  const started = Date.now();
  const until = started + duration * 1000;
  await Promise.all(
    customers.map(async (who) => {
      while (Date.now() < until) invoiceOrders.push(await buy(who, true));
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  server.stdin.write('stop\n');
  await new Promise((r) => setTimeout(r, 600));
  const during = loopStats.filter((x) => x.at >= started + 500 && x.at <= Date.now());
  const loopP99 = Math.max(...during.map((x) => x.p99));
  const windows = during.map((x) => x.p99).sort((x, y) => x - y);
  const loopMedian = windows[Math.floor(windows.length / 2)] ?? NaN;
  // The p99 of every delay sampled over the measured part, from mark to stop.
  const whole = during.findLast((x) => x.since_mark)?.since_mark;
  if (!whole) throw new Error('the server wrote no event-loop figures for the measured part');
  if (process.env.BENCH_DEBUG) console.log(during.map((x) => `${x.p99}/${x.max}`).join(' '));

  const health = await autocannon({
    url: `http://127.0.0.1:${port}/check-health`,
    connections: CUSTOMERS,
    duration: Math.min(duration, 5),
    headers: { host },
  });

  // Invoice PDF: one customer's invoices downloaded one after another.
  const { who, orderId } = invoiceOrders.at(-1);
  const order = expectStatus(await call('GET', `/api/orders/${orderId}`, { who }), 200, 'order');
  const invoiceId = order.json.data.invoice_id;
  const pdfTimes = [];
  for (let i = 0; i < 200; i++) {
    const pdf = expectStatus(
      await call('GET', `/api/invoices/${invoiceId}/pdf`, { who, raw: true }),
      200,
      'pdf',
    );
    if (pdf.bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
    pdfTimes.push(pdf.ms);
  }

  const orders = timings.cycle.length;
  const rps = requests / elapsed;
  console.log(
    `\ncheckout: node ${process.version}, ${CUSTOMERS} concurrent customers for ${elapsed.toFixed(1)} s, server on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (its own thread)'}, SMTP peer in this process`,
  );
  console.log(
    `orders placed and paid: ${orders} (${(orders / elapsed).toFixed(1)} orders/s); ${rps.toFixed(0)} req/s over the 5 calls of an order`,
  );
  console.log(`one order (add x2, check, place, pay): ${fmt(timings.cycle)}`);
  console.log(
    `  POST /api/cart ${fmt(timings.add)}; GET /api/checkout ${fmt(timings.checkout)}; POST /api/orders ${fmt(timings.order)}; POST /api/payments/{id}/demo ${fmt(timings.pay)}`,
  );
  console.log(
    `/check-health ${health.requests.average.toFixed(0)} req/s; checkout calls ratio ${(rps / health.requests.average).toFixed(3)}`,
  );
  console.log(
    `event loop delay meanwhile: p99 ${whole.p99.toFixed(1)} ms over the run (${whole.samples} samples, max ${whole.max.toFixed(1)} ms; target p99 < 50); worst half-second window ${loopP99.toFixed(1)} ms, median window ${loopMedian.toFixed(1)} ms`,
  );
  console.log(`invoice PDF, 200 downloads one after another: ${fmt(pdfTimes)}`);
  if (!(whole.p99 < 50)) process.exitCode = 1;
} finally {
  await new Promise((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
  await smtp.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
