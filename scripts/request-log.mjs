// One JSON line per request, written by the production server (docs/decisions/0045).
//
// The line is written where the request enters and leaves the process, so it covers what the
// application never sees: pages served from Next's cache, answers serve.mjs gives itself, and
// requests whose client went away. The request's id is made here too and handed to Next as the
// `x-request-id` request header, so the application's own lines carry the same id.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { pathOf } from './http-guards.mjs';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * An internal response header: the store the answer is for, set by the application (src/proxy.ts
 * for pages, src/lib/http/api-route.ts for API calls). serve.mjs reads it and strips it.
 */
export const STORE_HEADER = 'x-storefront-store';

/** Ids a proxy may hand on: a UUID, a trace id, nothing that could break a header or a log line. */
const SANE_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * The request's id: the one a trusted proxy sent in `X-Request-Id` when it looks like an id,
 * otherwise a new UUID. Without a trusted proxy (TRUSTED_PROXY_HOPS=0) any client could send one,
 * and forge the id of somebody else's request in the logs.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} trustedHops
 */
export function requestIdOf(req, trustedHops) {
  const given = req.headers[REQUEST_ID_HEADER];
  return trustedHops > 0 && typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * @param {{ level?: string, destination?: import('pino').DestinationStream }} [options]
 *   `destination`: where the lines go (standard output by default; tests pass their own).
 */
export function createRequestLog({ level = 'info', destination } = {}) {
  // Synchronous, one write per line: a line is never split by another writer to the same output,
  // and the libuv pool (which an async destination would use) is kept for compression and argon2.
  const logger = pino(
    { level, base: { service: 'storefront' } },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );

  /**
   * Starts the line of one request; it is written when the response closes. The caller fills in
   * `store` once the application has said which store answered.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} requestId
   */
  function begin(req, res, requestId) {
    const started = process.hrtime.bigint();
    const line = {
      request_id: requestId,
      host: req.headers.host ?? null,
      /** @type {string | null} */
      store: null,
      method: req.method,
      path: pathOf(req.url ?? '/'),
    };
    res.once('close', () => {
      const status = res.statusCode;
      const entry = {
        ...line,
        status,
        duration_ms: Number((process.hrtime.bigint() - started) / 10_000n) / 100,
        // The client left before the answer was complete.
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (status >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    });
    return line;
  }

  return { begin, logger };
}
