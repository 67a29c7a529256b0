import { XSRF_COOKIE } from './http/cookie-names';

const XSRF_COOKIE_PATTERN = new RegExp(`(?:^|; )${XSRF_COOKIE}=`);

/**
 * Whether this browser holds a session. The session cookie itself is HttpOnly, but the server
 * sets and clears the XSRF-TOKEN cookie together with it (setSessionCookies), so its presence
 * tells scripts that there is a session to ask about.
 */
export function browserHasSession(): boolean {
  return XSRF_COOKIE_PATTERN.test(document.cookie);
}
