// Lighthouse sweep, on a production build: every page a shopper or a
// customer sees, on the domain brand and a white-label store, Lighthouse mobile (simulated
// throttling), median of `--runs` (3). Targets: score >= 95, LCP <= 1500 ms, CLS <= 0.02,
// TBT <= 200 ms, no task over 200 ms. Signed-in pages are opened with the Cookie of a customer made through the real
// calls, who has bought a plan (so the order and invoice pages exist) and has a domain in the cart.
// Usage: npm run bench:lighthouse [-- --runs 3] [--only /numbers] [--hosts callwave.localhost,...]
//   [--compare]
// --compare measures what the paint-first rewrite (docs/decisions/0015) and the compile hints
// (0114) win: a second server runs beside the first with both off (PAINT_FIRST=off,
// COMPILE_HINTS=off, on a copy of the build with the hints taken out), each page is measured on
// both in turn, and a third table gives the differences.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lighthouseMobile } from './lighthouse.mjs';
import { shopClient, startMailPeer } from './shop-client.mjs';
import { COMPILE_HINT } from '../scripts/compile-hints.mjs';
import { startServer } from './support.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
if (args.includes('--no-lighthouse')) process.exit(0);
const runs = Number(option('--runs', 3));
const only = option('--only', null);
const compare = args.includes('--compare');
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

const root = path.resolve(import.meta.dirname, '..');
const builtDir = process.env.NEXT_DIST_DIR || '.next';
/** The build without the compile hints, for the server with both off. */
function plainBuild() {
  const dir = `${builtDir}-lighthouse-plain`;
  rmSync(path.join(root, dir), { recursive: true, force: true });
  // Times kept: start.mjs rebuilds a build older than the sources.
  cpSync(path.join(root, builtDir), path.join(root, dir), {
    recursive: true,
    preserveTimestamps: true,
  });
  const chunks = path.join(root, dir, 'static', 'chunks');
  for (const entry of readdirSync(chunks, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) writeFileSync(file, code.slice(COMPILE_HINT.length));
  }
  return dir;
}

const smtp = await startMailPeer();
const variants = [{ name: compare ? 'on' : 'as built', port: 3330, env: {} }];
if (compare)
  variants.push({
    name: 'off',
    port: 3331,
    env: { PAINT_FIRST: 'off', COMPILE_HINTS: 'off', NEXT_DIST_DIR: plainBuild() },
  });
for (const variant of variants) {
  variant.dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-lighthouse-'));
  variant.server = await startServer({
    port: variant.port,
    env: {
      DATABASE_URL: `pglite:${variant.dataDir}`,
      SMTP_URL: smtp.url,
      RATE_LIMIT_SCALE: '1000',
      ...variant.env,
    },
  });
}

/** A signed-in customer of `host` with a paid order (a plan) and a domain in the cart. */
async function customerOf(host, port) {
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
    /** @type {Map<string, { path: string, shown?: string, who: string, cookie?: string }[]>} */
    const pagesOf = new Map();
    for (const variant of variants) {
      const signedIn = await customerOf(host, variant.port);
      const pages = [
        ...ANONYMOUS.map((p) => ({ path: p, who: 'visitor' })),
        ...SIGNED_IN.map((p) => ({
          path: p.replace('{order}', signedIn.order).replace('{invoice}', signedIn.invoice),
          shown: p,
          who: 'customer',
          cookie: signedIn.cookie,
        })),
      ].filter((p) => !only || only.split(',').includes(p.shown ?? p.path));
      // A warm server, as a shopper meets it: each page rendered a few times first (its route's
      // code loaded and compiled, the store's data cached).
      const { call } = shopClient({ port: variant.port, host, mails: smtp.mails });
      for (const page of pages) {
        const headers = page.cookie ? { cookie: page.cookie } : {};
        for (let i = 0; i < 3; i++) await call('GET', page.path, { headers, raw: true });
      }
      pagesOf.set(variant.name, pages);
    }
    const count = pagesOf.get(variants[0].name).length;
    for (let i = 0; i < count; i++) {
      // Each page on every server in turn, so that whatever else the machine does meanwhile
      // falls on both alike.
      for (const variant of variants) {
        const page = pagesOf.get(variant.name)[i];
        const r = await lighthouseMobile(`http://${host}:${variant.port}${page.path}`, runs, {
          headers: page.cookie ? { Cookie: page.cookie } : undefined,
        });
        const miss =
          r.score < TARGET.score ||
          r.lcpMs > TARGET.lcpMs ||
          r.cls > TARGET.cls ||
          r.tbtMs > TARGET.tbtMs ||
          r.longestTaskMs > TARGET.taskMs;
        const shown = page.shown ?? page.path;
        rows.push({ variant: variant.name, host, page: shown, who: page.who, ...r, miss });
        console.log(
          `${miss ? 'MISS' : 'ok  '} ${compare ? `[${variant.name}] ` : ''}${host} ${shown} (${page.who}): score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms, longest task ${Math.round(r.longestTaskMs)} ms, CPU index ${Math.round(r.benchmarkIndex)} (runs: ${r.runs.map((x) => x.score).join(', ')})`,
        );
      }
    }
  }
} finally {
  for (const variant of variants) {
    await variant.server?.stop();
    rmSync(variant.dataDir, { recursive: true, force: true });
    if (variant.env.NEXT_DIST_DIR)
      rmSync(path.join(root, variant.env.NEXT_DIST_DIR), { recursive: true, force: true });
  }
  await smtp.close();
}

const store = (r) => r.host.replace('.localhost', '');
for (const variant of variants) {
  console.log(
    `\n${compare ? `Paint-first and compile hints ${variant.name}. ` : ''}Lighthouse mobile, median of ${runs}; targets: score >= ${TARGET.score}, LCP <= ${TARGET.lcpMs} ms, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbtMs} ms, longest task <= ${TARGET.taskMs} ms\n`,
  );
  console.log('| store | page | as | score | LCP | CLS | TBT | longest task | CPU index |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows.filter((x) => x.variant === variant.name)) {
    console.log(
      `| ${store(r)} | \`${r.page}\` | ${r.who} | ${r.score} | ${Math.round(r.lcpMs)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${Math.round(r.longestTaskMs)} ms | ${Math.round(r.benchmarkIndex)} |${r.miss ? ' miss' : ''}`,
    );
  }
}
if (compare) {
  const signed = (n, unit = '') => `${n > 0 ? '+' : ''}${n}${unit}`;
  console.log('\nOn minus off (a negative LCP, TBT or task is a gain of the rewrite and hints)\n');
  console.log('| store | page | as | score | LCP | TBT | longest task |');
  console.log('|---|---|---|---|---|---|---|');
  const on = rows.filter((x) => x.variant === 'on');
  const sums = { score: 0, lcp: 0, tbt: 0, task: 0 };
  for (const a of on) {
    const b = rows.find((x) => x.variant === 'off' && x.host === a.host && x.page === a.page);
    if (!b) continue;
    const d = {
      score: a.score - b.score,
      lcp: Math.round(a.lcpMs - b.lcpMs),
      tbt: Math.round(a.tbtMs - b.tbtMs),
      task: Math.round(a.longestTaskMs - b.longestTaskMs),
    };
    for (const k of Object.keys(sums)) sums[k] += d[k];
    console.log(
      `| ${store(a)} | \`${a.page}\` | ${a.who} | ${signed(d.score)} | ${signed(d.lcp, ' ms')} | ${signed(d.tbt, ' ms')} | ${signed(d.task, ' ms')} |`,
    );
  }
  const mean = (n) => Math.round((n / Math.max(on.length, 1)) * 10) / 10;
  console.log(
    `| all | mean of ${on.length} | | ${signed(mean(sums.score))} | ${signed(mean(sums.lcp), ' ms')} | ${signed(mean(sums.tbt), ' ms')} | ${signed(mean(sums.task), ' ms')} |`,
  );
}
if (rows.some((r) => r.miss && r.variant !== 'off')) process.exitCode = 1;
