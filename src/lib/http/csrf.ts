import 'server-only';
import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { secureEqual } from '@/lib/secure-compare';
import { ApiError } from './api-response';
import { csrfTokenFor } from './csrf-token';
import { XSRF_COOKIE, XSRF_HEADER } from './cookie-names';
import { sessionTokenOf } from './session-cookie';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const csrfMismatch = () =>
  new ApiError(
    403,
    'csrf_mismatch',
    'The request is missing a valid X-XSRF-TOKEN header. Fetch GET /api/token and retry.',
  );

/** True when the browser says the request comes from another site. */
function isCrossSite(request: NextRequest): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true; // "null" and other opaque origins
  }
  const hosts = [request.headers.get('host')];
  // The host override (docs/decisions/0003) names the public host in x-forwarded-host; it counts
  // only with the right secret, as everywhere else.
  const secret = getEnv().HOST_OVERRIDE_SECRET;
  const given = request.headers.get('x-host-secret');
  if (secret && given !== null && secureEqual(given, secret)) {
    hosts.push(request.headers.get('x-forwarded-host'));
  }
  return !hosts
    .filter((h): h is string => Boolean(h))
    .map((h) => h.split(',')[0]!.trim().toLowerCase())
    .includes(originHost);
}

/**
 * Refuses an unsafe request (POST, PUT, PATCH, DELETE) that does not carry the CSRF token of
 * its own session in both the XSRF-TOKEN cookie and the X-XSRF-TOKEN header, or that a browser
 * marks as cross-site. Compared in constant time. Throws 403 csrf_mismatch.
 */
export async function assertCsrf(request: NextRequest): Promise<void> {
  if (!UNSAFE.has(request.method.toUpperCase())) return;
  const session = sessionTokenOf(request);
  const header = request.headers.get(XSRF_HEADER);
  const cookie = request.cookies.get(XSRF_COOKIE)?.value;
  if (!session || !header || !cookie || isCrossSite(request)) throw csrfMismatch();
  const expected = await csrfTokenFor(session);
  // Both compares always run, so the time does not say which one failed.
  const headerOk = secureEqual(header, expected);
  const cookieOk = secureEqual(cookie, expected);
  if (!headerOk || !cookieOk) throw csrfMismatch();
}
