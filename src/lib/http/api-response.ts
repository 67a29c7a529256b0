import { NextResponse } from 'next/server';

/**
 * docs/contract/constants-and-errors.md: `{ error: { code, message, fields } }` with the right
 * status.
 */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string[]> };
};

export class ApiError extends Error {
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
