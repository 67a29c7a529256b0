import type { NextRequest } from 'next/server';

/**
 * Cookie names of the session and its CSRF token. Over HTTPS the session cookie carries the
 * `__Host-` prefix, which browsers accept only with Secure, Path=/ and no Domain, so a sibling
 * subdomain cannot plant or overwrite it.
 */
export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:';
}

export function sessionCookieName(request: NextRequest): string {
  return isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session id the browser sent, if it looks like one of ours (43 base64url characters). */
export function sessionTokenOf(request: NextRequest): string | null {
  const value = request.cookies.get(sessionCookieName(request))?.value;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}
