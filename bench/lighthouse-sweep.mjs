// Lighthouse sweep, on a production build: every page a shopper or a
// customer sees, on the domain brand and a white-label store, Lighthouse mobile (simulated
// throttling), median of `--runs` (3). Targets: score >= 95, LCP <= 1500 ms, CLS <= 0.02,
// TBT <= 200 ms, no task over 200 ms. Signed-in pages are opened with the Cookie of a customer made through the real
// calls, who has bought a plan (so the order and invoice pages exist) and has a domain in the cart.
// Usage: npm run bench:lighthouse [-- --runs 3] [--only /numbers] [--hosts callwave.localhost,...]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lighthouseMobile } from './lighthouse.mjs';
import { shopClient, startMailPeer } from './shop-client.mjs';
import { startServer } from './support.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
if (args.includes('--no-lighthouse')) process.exit(0);
const runs = Number(option('--runs', 3));
const only = option('--only', null);
const port = 3330;
const HOSTS = option('--hosts', 'nameport.localhost,acme.localhost').split(',');
const ANONYMOUS = [
  '/',
  '/domains/pricing',
  '/domains/search?q=example',
  '/numbers',
  '/plans',
  '/cart',
  '/login',
  '/register',
  '/forgot-password',
];
const SIGNED_IN = [
  '/cart',
  '/checkout',
  '/dashboard',
  '/dashboard/domains',
  '/dashboard/numbers',
  '/dashboard/plans',
  '/dashboard/invoices',
  '/dashboard/security',
  '/orders/{order}',
  '/invoices/{invoice}',
];
const TARGET = { score: 95, lcpMs: 1500, cls: 0.02, tbtMs: 200, taskMs: 200 };

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-lighthouse-'));
const smtp = await startMailPeer();
const server = await startServer({
  port,
  env: { DATABASE_URL: `pglite:${dataDir}`, SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1000' },
});

/** A signed-in customer of `host` with a paid order (a plan) and a domain in the cart. */
async function customerOf(host) {
  const { call, expectStatus, customer } = shopClient({ port, host, mails: smtp.mails });
  const who = await customer(`lighthouse.${host}`);
  await call('POST', '/api/cart', { body: { type: 'plan', plan: 'business', users: 2 }, who });
  const checkout = expectStatus(await call('GET', '/api/checkout', { who }), 200, 'checkout');
  const placed = expectStatus(
    await call('POST', '/api/orders', {
      body: { cart_version: checkout.json.data.cart.version, accept_terms: true },
      who,
      headers: { 'idempotency-key': randomUUID() },
    }),
    201,
    'order',
  );
  const { order, payment } = placed.json.data;
  expectStatus(
    await call('POST', `/api/payments/${payment.id}/demo`, { body: { outcome: 'succeed' }, who }),
    200,
    'pay',
  );
  const paid = expectStatus(await call('GET', `/api/orders/${order.id}`, { who }), 200, 'order');
  const domain = `lighthouse${Date.now().toString(36)}.com`;
  await call('POST', '/api/cart', {
    body: { type: 'domain_registration', domain, years: 1 },
    who,
  });
  return { cookie: who.cookie, order: order.id, invoice: paid.json.data.invoice_id };
}

const rows = [];
try {
  for (const host of HOSTS) {
    const signedIn = await customerOf(host);
    const pages = [
      ...ANONYMOUS.map((p) => ({ path: p, who: 'visitor' })),
      ...SIGNED_IN.map((p) => ({
        path: p.replace('{order}', signedIn.order).replace('{invoice}', signedIn.invoice),
        shown: p,
        who: 'customer',
      })),
    ].filter((p) => !only || only.split(',').includes(p.shown ?? p.path));
    // A warm server, as a shopper meets it: each page rendered a few times first (its route's
    // code loaded and compiled, the store's data cached).
    const { call } = shopClient({ port, host, mails: smtp.mails });
    for (const page of pages) {
      const headers = page.who === 'customer' ? { cookie: signedIn.cookie } : {};
      for (let i = 0; i < 3; i++) await call('GET', page.path, { headers, raw: true });
    }
    for (const page of pages) {
      const r = await lighthouseMobile(`http://${host}:${port}${page.path}`, runs, {
        headers: page.who === 'customer' ? { Cookie: signedIn.cookie } : undefined,
      });
      const miss =
        r.score < TARGET.score ||
        r.lcpMs > TARGET.lcpMs ||
        r.cls > TARGET.cls ||
        r.tbtMs > TARGET.tbtMs ||
        r.longestTaskMs > TARGET.taskMs;
      rows.push({ host, page: page.shown ?? page.path, who: page.who, ...r, miss });
      console.log(
        `${miss ? 'MISS' : 'ok  '} ${host} ${page.shown ?? page.path} (${page.who}): score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms, longest task ${Math.round(r.longestTaskMs)} ms, CPU index ${Math.round(r.benchmarkIndex)} (runs: ${r.runs.map((x) => x.score).join(', ')})`,
      );
    }
  }
} finally {
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nLighthouse mobile, median of ${runs}; targets: score >= ${TARGET.score}, LCP <= ${TARGET.lcpMs} ms, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbtMs} ms, longest task <= ${TARGET.taskMs} ms\n`,
);
console.log('| store | page | as | score | LCP | CLS | TBT | longest task | CPU index |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.host.replace('.localhost', '')} | \`${r.page}\` | ${r.who} | ${r.score} | ${Math.round(r.lcpMs)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${Math.round(r.longestTaskMs)} ms | ${Math.round(r.benchmarkIndex)} |${r.miss ? ' miss' : ''}`,
  );
}
if (rows.some((r) => r.miss)) process.exitCode = 1;
