/*
 * What the browser knows of a lost session, without the HTTP client: the store layout's notice
 * imports this, and no page's first load carries axios (docs/decisions/0015).
 */

/**
 * What a customer reads when a call found their session gone: the server's own words ("Sign in
 * first.", or the missing X-XSRF-TOKEN header) are for developers and offer no way on.
 */
export const SESSION_LOST_MESSAGE =
  'You are signed out (your session ended), so this was not done. Sign in again and you will come back to this page.';

/** The error codes by which the server says a call had no session (never an error's class). */
const LOST_CODES = new Set(['not_signed_in', 'csrf_mismatch']);

/** The window event announcing a lost session, for the notice that offers to sign in again. */
export const SESSION_LOST_EVENT = 'storefront:session-lost';

/** Whether an answer's error code says the caller's session is gone. */
export function isSessionLostCode(code: string | undefined): boolean {
  return code !== undefined && LOST_CODES.has(code);
}
