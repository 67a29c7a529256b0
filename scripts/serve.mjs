// The production server: Next's request handler behind Node's own HTTP server. It does what Next
// cannot be told to do:
// - X-Forwarded-For: Next keeps a client-sent header as it is, so a route handler cannot tell a
//   client's real address from one it made up. Here the header is rewritten from the socket before
//   Next sees it: with TRUSTED_PROXY_HOPS=0 (the default) it is exactly the socket's address; with
//   N trusted proxies in front, the socket's address is appended to the chain they built, and the
//   application reads the client N entries from the right (src/lib/http/client-ip.ts).
// - A page from Next's page cache runs its inline scripts by hash: the cache handler notes them
//   in the request's context (page-context.mjs) when it hands the page out. Compression and
//   entity tags are Next's own (docs/decisions/0264); behind nginx the instances are asked for
//   identity bytes and the front compresses.
// - One log line per request, with a request id the application's own lines share
//   (request-log.mjs).
// - The security headers of every answer, with a Content-Security-Policy per page
//   (security-headers.mjs).
// - Answers to what Next handles badly: malformed paths, methods nobody uses, requests with more
//   cookies than a browser keeps, internal headers on the way out, a connection whose request
//   body was left unread, and a body in the error format for what Node's parser refuses
//   (http-guards.mjs).
// - A GET's answer sent in one write when it ends, so that an instance that dies mid-answer has
//   sent nothing and the proxy in front asks another (http-guards.mjs, docs/decisions/0312).
// - GET /metrics for Prometheus, behind METRICS_TOKEN (metrics.mjs).
// - A graceful stop on SIGTERM or SIGINT: /api/ready answers 503 at once, no new connection is
//   taken, the requests in flight finish, and the process exits within STOP_GRACE_MS
//   (docs/decisions/0196).
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import next from 'next';
import onHeaders from 'on-headers';
import {
  answerClientError,
  answerMalformedPath,
  answerTooManyCookies,
  answerUnknownMethod,
  closeIfBodyUnread,
  HOLD_BYTES,
  holdUntilEnd,
  pathOf,
  withoutInternalHeaders,
} from './http-guards.mjs';
import { createMetrics } from './metrics.mjs';
import { PAINT_FIRST_LOADER_HASH } from './paint-first.mjs';
import { withPageContext } from './page-context.mjs';
import { createRequestLog, REQUEST_ID_HEADER, requestIdOf, STORE_HEADER } from './request-log.mjs';
import { createSecurityHeaders } from './security-headers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
const trustedHops = Number(process.env.TRUSTED_PROXY_HOPS || 0);

// bench/support.mjs finds the server process by this name, as it did with `next start`.
process.title = 'next-server (storefront)';

const app = next({ dev: false, dir: root, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

// PAINT_FIRST=off: the page cache keeps pages as Next wrote them (page-cache-handler.mjs), for
// bench/lighthouse-sweep.mjs --compare, which measures what the rewrite wins.
const rewriting = process.env.PAINT_FIRST !== 'off';
const requestLog = createRequestLog({ level: process.env.LOG_LEVEL || 'info' });
const security = createSecurityHeaders({
  env: process.env,
  loaderHash: PAINT_FIRST_LOADER_HASH,
  withoutLoader: !rewriting,
});
const metrics = createMetrics({ token: process.env.METRICS_TOKEN || undefined });
/** Set on SIGTERM/SIGINT: the instance is stopping and says so on /api/ready. */
let stopping = false;
// Past this, connections still open are cut and the process exits (an orchestrator's usual grace
// period is 10 s; docs/decisions/0196).
const STOP_GRACE_MS = Number(process.env.STOP_GRACE_MS || 8_000);

// Requests for one page that overlap run in one page context: Next answers them all from one
// lookup or render, made inside the first (security-headers.mjs, docs/decisions/0311).
const server = createServer({ highWaterMark: HOLD_BYTES }, (req, res) => {
  const shared = security.prepare(req, res);
  withPageContext((page) => serve(req, res, page, shared?.nonce ?? null), shared ?? undefined);
});
server.on('clientError', answerClientError);

/**
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {import('./page-context.mjs').PageContext} page @param {string | null} nonce
 */
function serve(req, res, page, nonce) {
  const requestId = requestIdOf(req, trustedHops);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  const line = requestLog.begin(req, res, requestId);
  const requestPath = pathOf(req.url ?? '/');
  // While stopping, each connection closes after its answer, so that a proxy's kept-alive
  // connections move to the other instances.
  if (stopping) res.setHeader('connection', 'close');
  // The last moment before the headers are written: Next has looked the page up in its cache,
  // and the headers can still change.
  onHeaders(res, function beforeHeaders() {
    const store = this.getHeader(STORE_HEADER);
    if (typeof store === 'string') line.store = store;
    // Read before withoutInternalHeaders takes it off: whether Next sent a page of its cache.
    const verdict = this.getHeader('x-nextjs-cache');
    withoutInternalHeaders(this);
    security.apply(req, this, {
      nonce,
      scriptHashes: page.scriptHashes,
      cached: verdict === 'HIT' || verdict === 'STALE',
    });
    closeIfBodyUnread(req, this);
    holdUntilEnd(req, this);
  });
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const given = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] =
    trustedHops > 0 && given ? `${String(given)}, ${socketAddress}` : socketAddress;
  // Likewise the scheme: only a trusted proxy may say the client spoke HTTPS (which decides the
  // Secure, __Host- session cookie).
  if (trustedHops === 0) req.headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
  if (requestPath === '/metrics') {
    metrics.answer(req, res).catch(() => res.destroy());
    return;
  }
  metrics.observe(req, res, requestPath);
  if (stopping && requestPath === '/api/ready') {
    res.writeHead(503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify({
        error: {
          code: 'not_ready',
          message: 'This instance is stopping.',
          missing: ['stopping'],
        },
      }),
    );
    return;
  }
  if (
    answerUnknownMethod(req, res) ||
    answerTooManyCookies(req, res) ||
    answerMalformedPath(req, res)
  ) {
    return;
  }
  handle(req, res);
}
// Behind a load balancer, idle keep-alive connections must outlive the balancer's own timeout.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
});
// EVENT_LOOP_STATS_MS=N prints the event loop's delay (ms) every N ms as one JSON line, for
// bench/auth.mjs: argon2 must run off the loop, so other requests are not held up.
const statsEvery = Number(process.env.EVENT_LOOP_STATS_MS || 0);
if (statsEvery > 0) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // A window of 500 ms holds about 50 samples, so its p99 is its worst delay. A benchmark that
  // wants the p99 of its whole measured part writes "mark" on the server's standard input when
  // that part starts, and "stop" when it ends; every line then also carries the delay between.
  const sinceMark = monitorEventLoopDelay({ resolution: 10 });
  let marked = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text) => {
    if (text.includes('stop')) sinceMark.disable();
    if (!text.includes('mark')) return;
    sinceMark.enable();
    sinceMark.reset();
    marked = true;
  });
  process.stdin.unref?.();
  setInterval(() => {
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    console.log(
      JSON.stringify({
        event_loop_delay_ms: {
          p50: ms(histogram.percentile(50)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          ...(marked
            ? {
                since_mark: {
                  p50: ms(sinceMark.percentile(50)),
                  p99: ms(sinceMark.percentile(99)),
                  max: ms(sinceMark.max),
                  samples: sinceMark.count,
                },
              }
            : {}),
        },
      }),
    );
    histogram.reset();
  }, statsEvery).unref();
}

/**
 * The graceful stop: readiness fails at once, the listening socket closes (a proxy's new
 * connections go elsewhere), idle kept-alive connections close, and each busy one closes after
 * the answer it is writing. The process exits when the last has closed, or after STOP_GRACE_MS.
 */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  requestLog.logger.info({ event: 'stopping', signal }, 'stopping: finishing requests in flight');
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    requestLog.logger.warn(
      { event: 'stop_grace_over' },
      'requests still open at the end of the grace period',
    );
    server.closeAllConnections();
    process.exit(0);
  }, STOP_GRACE_MS);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
