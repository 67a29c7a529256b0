/**
 * Names of the cookies the browser and the server share; no server code here, so browser
 * modules may import it. Over HTTPS the session cookie carries the `__Host-` prefix, which
 * browsers accept only with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant
 * or overwrite it.
 */
export const SESSION_COOKIE = 'sid';
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The visitor's explicit site version choice (`PUT /api/site-version`). */
export const SITE_VERSION_COOKIE = 'site_version';
/**
 * Set while this browser is signed in (by the server with the session's cookie and lifetime, and
 * by the page's scripts when the header learns it), read before first paint so that the header
 * offers the account, not "Sign in", while it asks who is signed in. Holds "1", nothing more: the
 * session cookie, which scripts cannot read, is what signs in; the server never reads this one.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
