import type { NextRequest } from 'next/server';
import { ApiError } from './api-response';

/**
 * The version an If-Match header makes a change conditional on (`"3"`, `W/"3"` or `3`), or
 * undefined without the header; 400 for anything else.
 */
export function ifMatchVersion(request: NextRequest): number | undefined {
  const header = request.headers.get('if-match');
  if (header === null) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      'if-match': ['the cart version the change is based on, e.g. "3"'],
    });
  }
  return Number(match[1]);
}

/**
 * The cart version a change is conditional on, from its body's `version` or its If-Match header.
 * Both given and different is a request that contradicts itself: 400, rather than one of them
 * silently winning.
 */
export function expectedVersion(
  request: NextRequest,
  bodyVersion: number | undefined,
): number | undefined {
  const header = ifMatchVersion(request);
  if (bodyVersion !== undefined && header !== undefined && bodyVersion !== header) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      version: [`is ${bodyVersion}, but If-Match names version ${header}: send one of them`],
    });
  }
  return bodyVersion ?? header;
}
