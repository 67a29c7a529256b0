import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { isSessionLostCode } from './session-lost';

export { SESSION_LOST_EVENT, SESSION_LOST_MESSAGE } from './session-lost';

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
