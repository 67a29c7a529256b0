// `npm run bench`: HTTP throughput of the foundation calls on a production build, each as a
// ratio to /check-health from the same run. Usage: npm run bench [-- --duration 10]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure, printTable, startServer, treeRss } from './support.mjs';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 10);
const port = 3300;
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));

const cases = [
  { name: '/check-health', host: 'nameport.localhost', path: '/check-health' },
  { name: 'GET /api/store (nameport.localhost)', host: 'nameport.localhost', path: '/api/store' },
  { name: 'GET /api/store (acme.localhost)', host: 'acme.localhost', path: '/api/store' },
  {
    name: 'GET /api/theme?tlds=true (nameport.localhost)',
    host: 'nameport.localhost',
    path: '/api/theme?tlds=true',
  },
  {
    name: 'GET /api/theme?tlds=true (acme.localhost)',
    host: 'acme.localhost',
    path: '/api/theme?tlds=true',
  },
];

const server = await startServer({ port, env: { DATABASE_URL: `pglite:${dataDir}` } });
try {
  // Warm up: JIT, route modules, the store cache.
  for (const c of cases) await measure({ port, ...c, duration: 2 });
  const rssBefore = treeRss(server.pid);
  const rows = [];
  const series = [rssBefore.server];
  for (const c of cases) {
    rows.push({ name: c.name, ...(await measure({ port, ...c, duration })) });
    series.push(treeRss(server.pid).server);
  }
  const rssAfter = treeRss(server.pid);
  const base = rows[0].rps;
  for (const r of rows) r.ratio = r.rps / base;
  console.log(
    `\nnode ${process.version}, ${duration}s per case, 32 connections, autocannon in a separate process from the server`,
  );
  printTable(rows);
  const total = rows.reduce((n, r) => n + r.total, 0);
  console.log(
    `\nresident memory (MB): server ${rssBefore.server} before, ${rssAfter.server} after ${total} requests; launcher (npm start) ${rssAfter.launcher}`,
  );
  console.log(`server resident memory after each case (MB): ${series.join(' -> ')}`);
  const slow = rows.slice(1).filter((r) => r.ratio < 0.5);
  if (slow.length > 0) {
    console.log(`below target (0.5 of /check-health): ${slow.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
  if (rssAfter.server > 500) {
    console.log('resident memory above the 500 MB target');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
