import type { NextRequest, NextResponse } from 'next/server';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SIGNED_IN_COOKIE,
  XSRF_COOKIE,
} from './cookie-names';
import { csrfTokenFor } from './csrf-token';
import { now } from '../clock';

export function isHttps(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:';
}

const sessionCookieName = (https: boolean) => (https ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The session id the browser sent, if it looks like one of ours (43 base64url characters). */
export function sessionTokenOf(request: NextRequest): string | null {
  const value = request.cookies.get(sessionCookieName(isHttps(request)))?.value;
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * What a response must tell the browser about its session: a new or replaced id (with the end of
 * a remembered session, or null for a browser-session cookie, and whether someone is signed in on
 * it), or that it has none any more.
 */
export type SessionCookie =
  { token: string; expiresAt: Date | null; signedIn: boolean } | { clear: true };

/** Anything that knows what to tell the browser about its session (the request context). */
export type SessionCookieSource = { readonly sessionCookie: SessionCookie | null; https: boolean };

/**
 * The one place session cookies are written: the session cookie (HttpOnly, SameSite=Lax,
 * `__Host-` and Secure over HTTPS; lasting the browser session unless remembered), the
 * XSRF-TOKEN cookie scripts read, and the `signed_in` hint the page reads before first paint
 * (set for a signed-in session with the session's lifetime, so that a remembered session keeps it
 * after the browser restarts; removed with the session), or all expired. Does nothing when the session
 * did not change.
 */
export async function withSessionCookies<R extends NextResponse>(
  response: R,
  source: SessionCookieSource,
): Promise<R> {
  const cookie = source.sessionCookie;
  if (!cookie) return response;
  const base = { sameSite: 'lax', secure: source.https, path: '/' } as const;
  if ('clear' in cookie) {
    response.cookies.set(sessionCookieName(source.https), '', {
      ...base,
      httpOnly: true,
      maxAge: 0,
    });
    response.cookies.set(XSRF_COOKIE, '', { ...base, httpOnly: false, maxAge: 0 });
    response.cookies.set(SIGNED_IN_COOKIE, '', { ...base, httpOnly: false, maxAge: 0 });
    return response;
  }
  const maxAge = cookie.expiresAt
    ? { maxAge: Math.max(0, Math.floor((cookie.expiresAt.getTime() - now().getTime()) / 1000)) }
    : {};
  response.cookies.set(sessionCookieName(source.https), cookie.token, {
    ...base,
    httpOnly: true,
    ...maxAge,
  });
  response.cookies.set(XSRF_COOKIE, await csrfTokenFor(cookie.token), {
    ...base,
    httpOnly: false,
    ...maxAge,
  });
  // A visitor's session says nothing of the hint: the page's script removes a stale one when
  // /api/customer answers nobody, and ending a session (above) removes it too.
  if (cookie.signedIn)
    response.cookies.set(SIGNED_IN_COOKIE, '1', { ...base, httpOnly: false, ...maxAge });
  return response;
}
