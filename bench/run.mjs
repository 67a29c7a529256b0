// `npm run bench`: throughput of the calls and pages on a production build, each as a ratio to
// /check-health from the same run; the home page's first-load JavaScript; Lighthouse mobile
// performance. Usage: npm run bench [-- --duration 10] [--no-lighthouse]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lighthouseMobile } from './lighthouse.mjs';
import { firstLoadJsKb } from './page-weight.mjs';
import { measure, printTable, startServer, treeRss } from './support.mjs';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 10);
const withLighthouse = !args.includes('--no-lighthouse');
const port = 3300;
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
const DEMO = ['nameport', 'callwave', 'acme', 'harbor', 'ringo', 'bytes'].map(
  (n) => `${n}.localhost`,
);

// `target` is the least ratio to /check-health the case must reach; null for contrast figures.
const cases = [
  { name: '/check-health', host: 'nameport.localhost', path: '/check-health', target: null },
  ...['nameport.localhost', 'acme.localhost'].flatMap((host) => [
    { name: `GET /api/store (${host})`, host, path: '/api/store', target: 0.5 },
    { name: `GET /api/theme?tlds=true (${host})`, host, path: '/api/theme?tlds=true', target: 0.5 },
  ]),
  ...DEMO.map((host) => ({ name: `page / (${host})`, host, path: '/', target: 0.5 })),
  {
    name: 'page /domains/pricing (nameport.localhost)',
    host: 'nameport.localhost',
    path: '/domains/pricing',
    target: 0.5,
  },
  {
    name: 'page /domains/pricing (bytes.localhost)',
    host: 'bytes.localhost',
    path: '/domains/pricing',
    target: 0.5,
  },
  // As a browser asks: compressed, which a cached page is once, not per request (decision 0017).
  {
    name: 'page / (nameport.localhost), Accept-Encoding br',
    host: 'nameport.localhost',
    path: '/',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    target: 0.5,
  },
  // The plans page, cached like the home page; a domain search's and a number search's results,
  // cached per query (decision 0111), the domain search also as a browser asks.
  {
    name: 'page /plans (acme.localhost)',
    host: 'acme.localhost',
    path: '/plans',
    target: 0.5,
  },
  {
    name: 'page /domains/search?q=example (nameport.localhost)',
    host: 'nameport.localhost',
    path: '/domains/search?q=example',
    target: 0.5,
  },
  {
    name: 'page /domains/search?q=example (acme.localhost), Accept-Encoding br',
    host: 'acme.localhost',
    path: '/domains/search?q=example',
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    target: 0.5,
  },
  {
    name: 'page /numbers (nameport.localhost)',
    host: 'nameport.localhost',
    path: '/numbers',
    target: 0.5,
  },
  {
    name: 'page /numbers?area=020 (acme.localhost)',
    host: 'acme.localhost',
    path: '/numbers?area=020',
    target: 0.5,
  },
  // Contrast: a store page rendered on every request (the store's own 404 page).
  {
    name: 'per-request page /no-such-page (acme.localhost)',
    host: 'acme.localhost',
    path: '/no-such-page',
    status: 404,
    target: null,
  },
];

let failed = false;
const server = await startServer({ port, env: { DATABASE_URL: `pglite:${dataDir}` } });
try {
  // Warm up: JIT, route modules, the store cache and the page cache. The last warm-up case (the
  // per-request 404 page) leaves renders in flight for seconds after its load stops; a short run
  // of /check-health lets them finish, so the measured /check-health does not start on a busy
  // server.
  for (const c of cases) await measure({ port, ...c, duration: 2 });
  await measure({ port, ...cases[0], duration: 2 });
  const rssBefore = treeRss(server.pid);
  const rows = [];
  const series = [rssBefore.server];
  // Each case is compared with a run of /check-health made just before it: this machine's speed
  // drifts by a factor of two over the minutes of a run (one run measured /check-health at 288
  // req/s first and 594 req/s last), so a single base measured once at the start compared each
  // case with a different machine.
  let besideRequests = 0;
  const healthBeside = async () => {
    const run = await measure({ port, ...cases[0], duration: Math.max(3, duration / 2) });
    besideRequests += run.total;
    return run;
  };
  for (const c of cases) {
    const base = c === cases[0] ? null : (await healthBeside()).rps;
    const row = { ...c, ...(await measure({ port, ...c, duration })) };
    row.base = base ?? row.rps;
    row.ratio = row.rps / row.base;
    rows.push(row);
    series.push(treeRss(server.pid).server);
  }
  const rssAfter = treeRss(server.pid);
  console.log(
    `\nnode ${process.version}, ${duration}s per case, 32 connections; load generated in this process, server in its own`,
  );
  printTable(rows);
  const total = rows.reduce((n, r) => n + r.total, besideRequests);
  console.log(
    `\nresident memory (MB): server ${rssBefore.server} before, ${rssAfter.server} after ${total} requests; launcher (npm start) ${rssAfter.launcher}`,
  );
  console.log(`server resident memory after each case (MB): ${series.join(' -> ')}`);
  const slow = rows.filter((r) => r.target !== null && r.ratio < r.target);
  if (slow.length > 0) {
    console.log(`below target (0.5 of /check-health): ${slow.map((r) => r.name).join(', ')}`);
    failed = true;
  }
  if (rssAfter.server > 500) {
    console.log('resident memory above the 500 MB target');
    failed = true;
  }

  console.log('\nfirst-load JavaScript (gzip), target at most 160 KB:');
  for (const host of ['nameport.localhost', 'acme.localhost']) {
    const { kb, scripts } = await firstLoadJsKb(port, host);
    console.log(`  ${host} /: ${kb.toFixed(1)} KB in ${scripts} scripts`);
    if (kb > 160) failed = true;
  }

  if (withLighthouse) {
    console.log(
      '\nLighthouse mobile performance, median of 3 (target score >= 98, LCP <= 1200 ms, CLS 0):',
    );
    for (const host of ['nameport.localhost', 'acme.localhost']) {
      const r = await lighthouseMobile(`http://${host}:${port}/`, 3);
      console.log(
        `  ${host}: score ${r.score}, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms (runs: ${r.runs.map((x) => x.score).join(', ')})`,
      );
      if (r.score < 98 || r.lcpMs > 1200 || r.cls > 0) failed = true;
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
