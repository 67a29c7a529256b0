// `npm run bench` (catalog and cart): domain search over 30 TLDs against local RDAP servers (10
// registries of 3 TLDs each, as in IANA's bootstrap file) that answer each lookup after 50 ms,
// cold (a new name each request, every lookup goes out) and warm (answers cached); GET /api/customer, POST /api/cart and GET /api/cart, each as a ratio to
// /check-health, beside an API route that does nothing (the most any API call can reach).
// Usage: node bench/cart.mjs [--duration 10] [--only 'POST /api/cart,search cold']
// --only keeps the cases whose name contains one of the comma-separated words (and /check-health,
// every ratio's divisor), for runs that compare two builds on one call.
// On PostgreSQL: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_cart (a database of
// its own, created if missing, dropped at the end), else on PGlite in a temporary directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startRdapServer } from './rdap-server.mjs';
import { freshPostgresDatabase, printTable, startServer } from './support.mjs';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1] || 10);
const only = args.includes('--only')
  ? (args[args.indexOf('--only') + 1] ?? '').split(',').filter(Boolean)
  : [];
const port = 3310;
const host = 'nameport.localhost';
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-cart-'));

// The demo price list has 6 TLDs per site version; the benchmark's store sells 30.
const EXTRA_TLDS = [
  'net',
  'io',
  'dev',
  'shop',
  'store',
  'online',
  'site',
  'tech',
  'xyz',
  'info',
  'biz',
  'me',
  'tv',
  'cc',
  'ai',
  'design',
  'blog',
  'cloud',
  'email',
  'digital',
  'studio',
  'agency',
  'media',
  'life',
];

const onPostgres = Boolean(process.env.BENCH_DATABASE_URL);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `pglite:${dataDir}`;

/** Migrate and seed like `npm start` does, give the domain brand 30 TLDs in GBP; answers them. */
async function prepareDatabase() {
  execFileSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/db.ts', 'seed'],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
  );
  const db = onPostgres ? new pg.Client({ connectionString: databaseUrl }) : new PGlite(dataDir);
  if (onPostgres) await db.connect();
  for (const [i, tld] of EXTRA_TLDS.entries()) {
    await db.query(
      `insert into tld_prices (price_list_id, site_version, tld, register_net, renew_net, transfer_net, sort_order)
       values ('nameport', 1, $1, $2, $2, $2, $3) on conflict do nothing`,
      [tld, 999 + i * 100, 100 + i],
    );
  }
  const { rows } = await db.query(
    `select tld from tld_prices where price_list_id = 'nameport' and site_version = 1 order by sort_order`,
  );
  await (onPostgres ? db.end() : db.close());
  return rows.map((r) => r.tld);
}

/**
 * On PostgreSQL, vacuums the cart tables and writes a checkpoint after the warm-up's adds, so
 * that their clean-up is not paid by what is measured next (/check-health first: every ratio's
 * divisor). PGlite has no background vacuum.
 */
async function settleDatabase() {
  if (!onPostgres) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze) carts, cart_items');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/** Session cookie and CSRF token of a fresh visitor (node:http: fetch cannot set Host). */
function visitor() {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/api/token', headers: { host } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
        const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve({ cookie: `${cookie}; site_version=1`, 'x-xsrf-token': data.token });
      });
    })
      .on('error', reject)
      .end();
  });
}

const LINES_PER_CART = 3;

/** Adds a domain to a visitor's cart (setting up the GET cases' carts). */
function add(v, domain) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ type: 'domain_registration', domain, years: 1 });
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/cart',
        method: 'POST',
        headers: { host, 'content-type': 'application/json', ...v },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`add: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One autocannon run where each request may differ; fails on any unexpected status. */
async function run({ name, requests, connections = 32, expect = 200 }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests,
  });
  const good = result.statusCodeStats?.[expect]?.count ?? 0;
  const bad = result.requests.total - good + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${name}: ${bad} of ${result.requests.total} not ${expect}`);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

const dropDatabase = await freshPostgresDatabase(databaseUrl);
const soldTlds = await prepareDatabase();
const tlds = soldTlds.length;
// The 30 TLDs spread over 10 registries, 3 each, as IANA's bootstrap file spreads real ones: a
// search's lookups go to many registries at once, each with its own pool of connections.
const rdap = await startRdapServer({
  latencyMs: 50,
  taken: ['taken.com', 'taken.net'],
  registries: Math.ceil(soldTlds.length / 3),
});
const server = await startServer({
  port,
  env: {
    DATABASE_URL: databaseUrl,
    AVAILABILITY_PROVIDER: 'rdap',
    RDAP_BOOTSTRAP_FILE: rdap.bootstrapFor(soldTlds),
    AVAILABILITY_TIMEOUT_MS: '1000',
  },
});
let failed = false;
try {
  let counter = 0;
  const get = (p, headers = {}) => ({ method: 'GET', path: p, headers: { host, ...headers } });
  // Shoppers' carts as shoppers have them: the 64 read by the GET cases hold 3 lines each; the
  // adds go round 1,024 others, so no cart grows past a few lines in a run (a cart holds at most
  // 100, docs/decisions/0268; a cart of 60 lines, as an earlier version of this bench made, is
  // priced line by line on every read).
  const visitors = await Promise.all(Array.from({ length: 64 }, visitor));
  const adders = [];
  for (let i = 0; i < 16; i++)
    adders.push(...(await Promise.all(Array.from({ length: 64 }, visitor))));
  for (const v of visitors) {
    for (let i = 0; i < LINES_PER_CART; i++) {
      await add(v, `lines${counter++}x${Date.now().toString(36)}.com`);
    }
  }
  const nextVisitor = () => visitors[counter++ % visitors.length];
  const nextAdder = () => adders[counter++ % adders.length];
  const cases = [
    { name: '/check-health', requests: [get('/check-health')] },
    // The most any API call can reach: a route handler that does nothing (the 404 of a path no
    // route has). /check-health is answered before Next's routing; an API call goes through it.
    {
      name: 'GET /api/no-such-call (404, no work)',
      requests: [get('/api/no-such-call')],
      expect: 404,
    },
    {
      name: `search cold (${tlds} TLDs, new name each)`,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            ...get(`/api/domains/search?q=bench${Date.now().toString(36)}x${counter++}`, {
              'accept-language': 'en-GB',
            }),
          }),
        },
      ],
    },
    {
      // One shopper at a time: the latency of one search whose lookups all go out in parallel.
      name: `search cold, 1 connection (${tlds} TLDs)`,
      connections: 1,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            ...get(`/api/domains/search?q=solo${Date.now().toString(36)}x${counter++}`, {
              'accept-language': 'en-GB',
            }),
          }),
        },
      ],
    },
    {
      name: `search warm (${tlds} TLDs, cached)`,
      requests: [get('/api/domains/search?q=benchwarm', { 'accept-language': 'en-GB' })],
    },
    {
      name: `GET /api/customer (64 carts of ${LINES_PER_CART})`,
      requests: [{ setupRequest: (req) => ({ ...req, ...get('/api/customer', nextVisitor()) }) }],
    },
    {
      // The reads run before the adds: after 1,500 inserts the database vacuums and checkpoints
      // for a while, which a read measured next would pay for (the adds' cost, not the read's).
      // The warm-up's adds are followed by settleDatabase for the same reason.
      name: `GET /api/cart (64 carts of ${LINES_PER_CART})`,
      requests: [{ setupRequest: (req) => ({ ...req, ...get('/api/cart', nextVisitor()) }) }],
    },
    {
      // Each add waits 50 ms for its name's lookup (a new name every time): 32 connections would
      // cap the adds at 32 / 0.05 = 640 a second whatever the server can do, so 96 keep it busy.
      name: 'POST /api/cart (new domain, 1,024 carts, 96 connections)',
      connections: 96,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            method: 'POST',
            path: '/api/cart',
            headers: { host, 'content-type': 'application/json', ...nextAdder() },
            body: JSON.stringify({
              type: 'domain_registration',
              domain: `cart${Date.now().toString(36)}x${counter++}.com`,
              years: 1,
            }),
          }),
        },
      ],
    },
  ];
  const chosen =
    only.length === 0
      ? cases
      : cases.filter((c, i) => i === 0 || only.some((word) => c.name.includes(word)));
  // Warm up JIT and route modules (the warm search's answer is cached here, as in use).
  for (const c of chosen) await run({ ...c, name: `warm-up ${c.name}` }).catch(() => undefined);
  await settleDatabase();
  const rows = [];
  for (const c of chosen) rows.push(await run(c));
  const base = rows[0].rps;
  for (const r of rows) r.ratio = r.rps / base;
  console.log(
    `\ncatalog and cart: node ${process.version}, ${duration}s per case, 32 connections unless named, RDAP latency 50 ms per lookup, ${rdap.urls.length} registries, ${rdap.lookups()} RDAP lookups served, server on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`,
  );
  printTable(rows);
  const warm = rows.find((r) => r.name.startsWith('search warm'));
  const cold = rows.find((r) => r.name.startsWith('search cold ('));
  const solo = rows.find((r) => r.name.startsWith('search cold, 1'));
  if (warm && cold && solo) {
    console.log(
      `\nsearch p50: warm ${warm.p50} ms, cold alone ${solo.p50} ms, cold under 32 connections ${cold.p50} ms (target below 150 ms; lookups in parallel and cached)`,
    );
  }
  if (warm && warm.p50 >= 150) failed = true;
} finally {
  await server.stop();
  await rdap.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
