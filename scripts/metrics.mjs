// GET /metrics of one instance, in Prometheus's text format (prom-client), behind the bearer token
// METRICS_TOKEN; without the variable the path does not exist (404). docs/decisions/0197.
//
// What serve.mjs sees itself is counted here: every request by route and status with its
// duration, and the page cache's verdict on each page (the Cache-Status header). What only the
// application knows (its connection pool, the job queue, the mail outbox) it offers through a
// function on globalThis (src/lib/ops/metrics-sources.server.ts), read at each scrape.
import { createHash, timingSafeEqual } from 'node:crypto';
import client from 'prom-client';

const METRICS_SOURCE = Symbol.for('storefront.metrics.source');
/** Route labels are bounded: past this many, a new one counts as `other`. */
const MAX_ROUTES = 200;
const SNAPSHOT_TIMEOUT_MS = 2_000;

const ID_SEGMENT =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Za-z0-9_-]{20,}|.*\..*)$/i;

/**
 * The route label of a path: API paths keep their fixed segments and have ids (UUIDs, numbers,
 * long tokens, domain names) replaced by `:id`; Next's assets are one label each kind; a page is
 * its first segment (a store page's path is the shopper's, not a route).
 * @param {string} path
 */
export function routeOf(path) {
  if (path.startsWith('/_next/static/')) return '/_next/static';
  if (path.startsWith('/_next/')) return path.split('/').slice(0, 3).join('/');
  if (path.includes('/check-health')) return '/check-health';
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api' || segments[0] === 'svc') {
    return (
      '/' +
      segments
        .slice(0, 5)
        .map((s) => (ID_SEGMENT.test(s) ? ':id' : s))
        .join('/')
    );
  }
  if (segments.length === 0) return '/';
  return `/${ID_SEGMENT.test(segments[0]) ? ':id' : segments[0]}${segments.length > 1 ? '/…' : ''}`;
}

/** @param {string | undefined} header the answer's Cache-Status */
export function pageCacheResult(header) {
  if (!header || !header.startsWith('storefront;')) return null;
  if (header.includes('detail=stale')) return 'stale';
  if (/;\s*hit/.test(header)) return 'hit';
  return 'miss';
}

const digest = (s) => createHash('sha256').update(s).digest();

/**
 * @param {{ token?: string }} options
 */
export function createMetrics({ token }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const requests = new client.Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Requests answered by this instance, by route, method and status, with their durations.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: 'storefront_page_cache_total',
    help: "Pages answered by this instance, by Next's page-cache verdict: hit, miss or stale.",
    labelNames: ['result'],
    registers: [registry],
  });
  const pool = new client.Gauge({
    name: 'storefront_db_pool_connections',
    help: 'The PostgreSQL connection pool of this instance: max, total, idle, and waiting requests.',
    labelNames: ['kind'],
    registers: [registry],
  });
  const jobs = new client.Gauge({
    name: 'storefront_jobs',
    help: 'Jobs in the shared queue by kind and state (created, retry, active, failed), all instances.',
    labelNames: ['name', 'state'],
    registers: [registry],
  });
  const outbox = new client.Gauge({
    name: 'storefront_outbox_messages',
    help: 'Mails and SMS of the shared outbox waiting (queued) or given up (failed), all instances.',
    labelNames: ['state'],
    registers: [registry],
  });
  const scrapeErrors = new client.Counter({
    name: 'storefront_metrics_source_errors_total',
    help: 'Scrapes whose application figures (pool, jobs, outbox) could not be read (database away).',
    registers: [registry],
  });
  const routes = new Set();
  const expected = token ? digest(`Bearer ${token}`) : null;

  /**
   * Counts one request when its answer is done.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} path
   */
  function observe(req, res, path) {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      let route = routeOf(path);
      if (!routes.has(route)) {
        if (routes.size >= MAX_ROUTES) route = 'other';
        else routes.add(route);
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.observe(
        { route, method: req.method ?? 'GET', status: String(res.statusCode) },
        seconds,
      );
      const cache = pageCacheResult(String(res.getHeader('cache-status') ?? ''));
      if (cache) pageCache.inc({ result: cache });
    });
  }

  async function readSnapshot() {
    const source = globalThis[METRICS_SOURCE];
    if (typeof source !== 'function') return;
    let timer;
    try {
      const snapshot = await Promise.race([
        source(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), SNAPSHOT_TIMEOUT_MS);
        }),
      ]);
      pool.reset();
      if (snapshot.pool)
        for (const [kind, n] of Object.entries(snapshot.pool)) pool.set({ kind }, n);
      jobs.reset();
      for (const j of snapshot.jobs) jobs.set({ name: j.name, state: j.state }, j.count);
      outbox.reset();
      for (const state of ['queued', 'failed']) outbox.set({ state }, 0);
      for (const o of snapshot.outbox) outbox.set({ state: o.state }, o.count);
    } catch {
      scrapeErrors.inc();
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Answers GET /metrics: 404 without a token configured, 401 without the right bearer token.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function answer(req, res) {
    res.setHeader('cache-control', 'no-store');
    if (!expected) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const given = digest(String(req.headers.authorization ?? ''));
    if (!timingSafeEqual(given, expected)) {
      res
        .writeHead(401, {
          'content-type': 'text/plain; charset=utf-8',
          'www-authenticate': 'Bearer realm="metrics"',
        })
        .end('A bearer token is required.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    await readSnapshot();
    const text = await registry.metrics();
    res.writeHead(200, { 'content-type': registry.contentType });
    res.end(req.method === 'HEAD' ? undefined : text);
  }

  return { observe, answer, registry };
}
