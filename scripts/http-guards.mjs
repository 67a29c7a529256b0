// What the production server does about requests and answers Next handles badly on its own
// (docs/decisions/0046 to 0048): malformed paths, internal headers on the way out, and
// connections whose request body was left unread, methods nobody uses, requests Node's parser
// refuses.
import { STATUS_CODES } from 'node:http';

/** The path of a request target, without its query string. @param {string} url */
export const pathOf = (url) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

const API_PATH = /^\/(?:api|svc)(?:\/|$)/;
/**
 * Where a page path that cannot be decoded is sent: a path no route can have (App Router folders
 * that start with `_` are private), so the store's catch-all renders its 404 page.
 */
export const MALFORMED_PAGE_PATH = '/_malformed-path';

function decodes(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path with a malformed percent-escape (`%ff`, `%zz`) makes Next answer 500. An API path gets
 * 400 in the documented error format here; a page path is rewritten so that the store answers its
 * 404 page. Answers true when the request has been answered.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function answerMalformedPath(req, res) {
  const path = pathOf(req.url ?? '/');
  if (!path.includes('%') || decodes(path)) return false;
  // src/proxy.ts answers any path containing /check-health before Next decodes anything.
  if (path.includes('/check-health')) return false;
  if (!API_PATH.test(path)) {
    req.url = MALFORMED_PAGE_PATH;
    return false;
  }
  const body = JSON.stringify({
    error: { code: 'invalid_path', message: 'The path has a malformed percent-escape.' },
  });
  res.writeHead(400, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
  return true;
}

/** Headers of Next's insides, and of the conversation between the application and this server. */
const INTERNAL = /^x-(?:middleware|nextjs|storefront)-/;
/**
 * Next's client router reads these on its flight (`text/x-component`) answers, to know what was
 * rendered and for how long to keep it: they stay there, and only there.
 */
const FLIGHT_HEADERS = new Set([
  'x-nextjs-stale-time',
  'x-nextjs-postponed',
  'x-nextjs-rewritten-path',
  'x-nextjs-rewritten-query',
  'x-nextjs-prerender',
  'x-nextjs-action-not-found',
]);

/**
 * Next's cache verdict in the standard Cache-Status header (RFC 9211), so that caches in front
 * and tests can tell a cached page without Next's own header.
 * @param {string} verdict HIT, STALE, MISS, ...
 */
export function cacheStatus(verdict) {
  const v = verdict.toUpperCase();
  if (v === 'HIT') return 'storefront; hit';
  if (v === 'STALE') return 'storefront; hit; detail=stale';
  return `storefront; fwd=miss; detail=${v.toLowerCase().replace(/[^a-z-]/g, '')}`;
}

/**
 * Removes internal headers from an answer about to be sent: the rewrite path
 * (`x-middleware-rewrite: /acme.localhost/2/...`) and the rest of Next's `x-middleware-*` and
 * `x-nextjs-*`, except what Next's client needs on flight answers. Call it just before the
 * headers are written: Next sets `x-nextjs-cache` until then.
 * @param {import('node:http').ServerResponse} res
 */
export function withoutInternalHeaders(res) {
  const verdict = res.getHeader('x-nextjs-cache');
  if (verdict !== undefined) res.setHeader('cache-status', cacheStatus(String(verdict)));
  const flight = String(res.getHeader('content-type') ?? '').startsWith('text/x-component');
  for (const name of res.getHeaderNames()) {
    if (INTERNAL.test(name) && !(flight && FLIGHT_HEADERS.has(name))) res.removeHeader(name);
  }
}

/**
 * Closes, after this answer, a connection whose request body has not been read to its end (a 413
 * on a large body, or any answer given before the body was read). Node would go on to read the
 * rest of the body before the next request on the connection, but a request whose body Next
 * stopped reading is left paused, and the connection then hangs until its keep-alive timeout.
 *
 * The answer goes out with `Connection: close` and Node closes the connection once it is sent,
 * as it does for any such answer. A client still sending the body it was told is too large may
 * then see the connection reset (RFC 9112, section 9.6); the gentle close that reads and drops
 * the rest is a front's job (nginx's `lingering_close`, on by default), not a patch of Node's
 * socket (docs/decisions/0191).
 * Call it just before the headers are written.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function closeIfBodyUnread(req, res) {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (req.complete || !hasBody) return;
  res.setHeader('connection', 'close');
}

/**
 * How long a GET's answer is held back at most, and how much a socket takes before a write asks
 * Next to wait for a drain: an answer larger than that waits out the HOLD_MS, then goes out as
 * it comes (docs/decisions/0312).
 */
export const HOLD_MS = 500;
export const HOLD_BYTES = 1024 * 1024;

/**
 * Holds a GET's or HEAD's answer, headers included, until it ends, and sends it in one write.
 * Next streams a page in pieces; an instance that dies between two of them leaves the proxy in
 * front with half an answer it cannot take back, and the visitor with a broken page. An
 * instance that dies before its one write has sent nothing, and nginx sends the GET to the next
 * instance (`proxy_next_upstream`), as it does for a refused connection.
 *
 * This corks the answer's socket, a documented stream interface; Node uncorks it fully when the
 * answer ends. An answer that takes longer than HOLD_MS is let go then, so that a page that
 * streams on purpose still streams; the server's sockets take HOLD_BYTES before a write says
 * "wait" (`createServer({ highWaterMark })`), so that a page that fits is not held up waiting for
 * a drain that a corked socket never gives. A POST is not held: no proxy resends it.
 * Call it just before the headers are written.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} [holdMs]
 */
export function holdUntilEnd(req, res, holdMs = HOLD_MS) {
  const socket = res.socket;
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !socket || res.writableEnded) return;
  socket.cork();
  const release = () => {
    clearTimeout(timer);
    // The socket may serve the next request of the connection by now: only this answer's cork.
    if (res.socket === socket && !res.writableEnded && socket.writableCorked) socket.uncork();
  };
  const timer = setTimeout(release, holdMs);
  timer.unref();
  res.once('finish', () => clearTimeout(timer));
  res.once('close', () => clearTimeout(timer));
}

/** The methods this product answers; Next answers OPTIONS for route handlers itself. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A method this product has no use for (TRACE, PROPFIND, PURGE...): Next answers TRACE with a 500
 * and the WebDAV methods with an empty 400. Here it is 405 in the documented error format, with
 * the methods a path may take. Answers true when the request has been answered.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function answerUnknownMethod(req, res) {
  if (KNOWN_METHODS.has(req.method ?? 'GET')) return false;
  const body = JSON.stringify({
    error: {
      code: 'method_not_allowed',
      message: 'Use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS.',
    },
  });
  res.writeHead(405, {
    allow: [...KNOWN_METHODS].join(', '),
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
  return true;
}

/** What Node's parser refused, as the status and the error of the documented format. */
function clientErrorAnswer(code) {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'headers_too_large', 'The request line and headers must be under 16 KB.'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return [408, 'request_timeout', 'The request did not arrive in time.'];
  return [400, 'bad_request', 'The request is not valid HTTP.'];
}

/**
 * The answer to a request Node's parser refuses before any handler sees it (a request line or
 * headers over 16 KB, a raw byte where HTTP allows none, a request that took too long): the
 * status Node would send, with a body in the documented error format, and the connection closed
 * (Node's documented `clientError` event).
 * @param {Error & { code?: string }} error
 * @param {import('node:stream').Duplex} socket
 */
export function answerClientError(error, socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}

/**
 * The most cookies a request may carry. Browsers keep at most about 180 a site and this product
 * sets a handful; Next's route handlers copy a request's cookies one by one, each copy writing the
 * whole header again, so 1,500 of them (12 KB) held the server's thread for a second
 * (docs/decisions/0294).
 */
export const MAX_COOKIES = 150;

/**
 * A request with more than MAX_COOKIES cookies: 431 in the documented error format, before Next
 * sees it. Answers true when the request has been answered.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function answerTooManyCookies(req, res) {
  const header = req.headers.cookie;
  if (!header || header.length < MAX_COOKIES * 4) return false;
  let count = 1;
  for (let i = header.indexOf(';'); i !== -1; i = header.indexOf(';', i + 1)) count += 1;
  if (count <= MAX_COOKIES) return false;
  const body = JSON.stringify({
    error: {
      code: 'too_many_cookies',
      message: `The request carries more than ${MAX_COOKIES} cookies. Clear this site's cookies and try again.`,
    },
  });
  res.writeHead(431, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
  return true;
}
