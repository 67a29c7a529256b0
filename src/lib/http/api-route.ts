import type { NextRequest } from 'next/server';
import { logger } from '@/lib/logger';
import { runInLogScope } from '@/lib/log-scope';
import { ApiError, errorResponse, isApiError } from './api-response';
import { assertCsrf } from './csrf';
import { REQUEST_ID_HEADER, STORE_HEADER } from './internal-headers';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when an error (or one of its causes) says the database cannot be reached. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (
      typeof message === 'string' &&
      /connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when the client went away before its answer: the request's signal (Next aborts it when the
 * connection closes), or the error Node gives a body read cut short. Not an outage: Node's
 * `aborted` carries ECONNRESET, which from the database would mean one.
 */
export function isAborted(request: Request, error: unknown): boolean {
  if (request.signal.aborted) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'AbortError' || name === 'ResponseAborted' || message === 'aborted';
}

type Handler<C> = (request: NextRequest, context: C) => Promise<Response>;

/**
 * Wraps a route handler: unsafe methods (POST, PUT, PATCH, DELETE) must carry the session's CSRF
 * token (403 csrf_mismatch otherwise, before the handler runs); an ApiError becomes its
 * documented error body; a request its client closed is logged at info as aborted (499); an
 * unreachable database becomes 503; anything else is logged and
 * answered 500 without internals. Every log line of the call carries the request's id (set by
 * scripts/serve.mjs), and the answer tells serve.mjs which store it was for.
 *
 * `csrf: false` is for calls that read no cookie at all, whose callers are not browsers and
 * prove themselves otherwise: the OAuth token and revocation endpoints of a native app (a public
 * client with PKCE or the token it holds) and a payment provider's signed webhook. A call that
 * reads the session must never set it.
 */
export function apiRoute<C = unknown>(
  handler: Handler<C>,
  options: { csrf?: boolean | 'unless-bearer' } = {},
): Handler<C> {
  const checkCsrf = options.csrf ?? true;
  return (request, context) =>
    runInLogScope(request.headers.get(REQUEST_ID_HEADER), async (call) => {
      const response = await answer(request, context);
      if (call.store) tellStore(response, call.store);
      return response;
    });

  async function answer(request: NextRequest, context: C): Promise<Response> {
    try {
      if (checkCsrf === true || (checkCsrf === 'unless-bearer' && !bearerOnly(request))) {
        await assertCsrf(request);
      }
      return await handler(request, context);
    } catch (error) {
      if (isApiError(error)) return errorResponse(error);
      if (isAborted(request, error)) {
        logger.info({ path: request.nextUrl.pathname }, 'request aborted');
        // Nobody reads it; 499 is what proxies log for a client that closed the request.
        return errorResponse(
          new ApiError(499, 'request_aborted', 'The request was closed before its answer.'),
        );
      }
      if (isUnavailable(error)) {
        logger.error(
          { err: String(error), path: request.nextUrl.pathname },
          'database unavailable',
        );
        return errorResponse(
          new ApiError(
            503,
            'service_unavailable',
            'The service is briefly unavailable. Try again shortly.',
            undefined,
            { 'retry-after': '5' },
          ),
        );
      }
      logger.error(
        {
          err: error instanceof Error ? error.stack : String(error),
          path: request.nextUrl.pathname,
        },
        'unhandled error',
      );
      return errorResponse(
        new ApiError(500, 'internal_error', 'Something went wrong on our side.'),
      );
    }
  }
}

/**
 * A native client's call: an `Authorization: Bearer` token and no cookie at all. CSRF rides on
 * cookies a browser sends by itself; a bearer header is never sent by a browser on its own, so
 * such a call needs no CSRF token (the handler checks the token and its scope).
 */
function bearerOnly(request: NextRequest): boolean {
  return (
    /^Bearer\s+\S+$/i.test(request.headers.get('authorization') ?? '') &&
    !request.headers.get('cookie')
  );
}

function tellStore(response: Response, store: string): void {
  try {
    response.headers.set(STORE_HEADER, store);
  } catch (error) {
    // Only a Response whose headers are immutable (Response.redirect, a fetched answer) refuses.
    logger.warn({ err: String(error) }, 'the store of this answer cannot go in its log line');
  }
}

/** For methods a path does not support: 405 in the documented format. */
export function methodNotAllowed(allowed: string[]) {
  return async () =>
    errorResponse(
      new ApiError(
        405,
        'method_not_allowed',
        `Use ${allowed.join(' or ')} on this path.`,
        undefined,
        {
          allow: allowed.join(', '),
        },
      ),
    );
}
