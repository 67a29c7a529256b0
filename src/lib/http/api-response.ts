import { NextResponse } from 'next/server';

/**
 * docs/contract/constants-and-errors.md: `{ error: { code, message, fields } }` with the right
 * status.
 */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string[]> };
};

/**
 * Marks an ApiError whichever copy of this module made it. Next loads some modules once per
 * bundle (a route's, a page's), and a class of one copy is not the class of another, so
 * `instanceof` says no to an ApiError thrown across them: a 400 would become a 500. A symbol from
 * the global registry is the same in every copy.
 */
const API_ERROR = Symbol.for('storefront.api-error');

export class ApiError extends Error {
  readonly [API_ERROR] = true;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True for an ApiError made by any copy of this module: decide answers by this, never instanceof. */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { [API_ERROR]?: unknown })[API_ERROR] === true
  );
}

const NO_STORE = { 'cache-control': 'no-store' };

export function dataResponse<T>(data: T, init?: { status?: number; headers?: HeadersInit }) {
  return NextResponse.json(
    { data },
    {
      status: init?.status ?? 200,
      headers: { ...NO_STORE, ...Object.fromEntries(new Headers(init?.headers)) },
    },
  );
}

export function errorResponse(error: ApiError) {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
  return NextResponse.json(body, {
    status: error.status,
    headers: { ...NO_STORE, ...error.headers },
  });
}

export const storeNotFound = () =>
  new ApiError(404, 'store_not_found', 'No store is configured for this address.');

export const invalidHost = () =>
  new ApiError(400, 'invalid_host', 'The Host header is not a valid host name.');

/** Any path under /api or /svc that names no call: 404 in this format, never the HTML page. */
export async function noSuchApiPath() {
  return errorResponse(new ApiError(404, 'not_found', 'There is no such API path.'));
}
