import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

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

type Retried = InternalAxiosRequestConfig & { sessionRetried?: boolean };

/**
 * Makes `client` recover from a stale XSRF token and report a lost session. A `csrf_mismatch`
 * means the call was refused before anything was done (the session cookie went while the token
 * cookie stayed, or the token belongs to another session): a fresh token is fetched and the call
 * sent once more, so a visitor's cart call or a sign-in just works. If the call is still refused
 * for want of a session, `onLost` is told.
 */
export function recoverSessions(client: AxiosInstance, onLost: () => void): void {
  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || !error.response || !error.config) throw error;
    const code = (error.response.data as { error?: { code?: string } } | undefined)?.error?.code;
    const config = error.config as Retried;
    if (code === 'csrf_mismatch' && !config.sessionRetried) {
      config.sessionRetried = true;
      await client.get('/api/token');
      // axios put the old token into the headers: take it out so the new cookie is echoed.
      config.headers.delete('X-XSRF-TOKEN');
      return client.request(config);
    }
    if (isSessionLostCode(code)) onLost();
    throw error;
  });
}
