'use client';
import { createApiClient } from './api-client';
import { browserHasSession } from './browser-session';
import { recoverSessions, SESSION_LOST_EVENT } from './session-recovery';

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The one HTTP client of the browser (docs/contract/calls.md): same origin, credentials, XSRF echo.
 */
export const browserApi = createApiClient();

let tokenRequest: Promise<unknown> | null = null;

// Unsafe calls need the session's XSRF-TOKEN cookie, which axios echoes as X-XSRF-TOKEN. When the
// cookie is missing (first visit, or the session changed), fetch it once before the call.
browserApi.interceptors.request.use(async (config) => {
  if (UNSAFE.has((config.method ?? 'get').toLowerCase()) && !browserHasSession()) {
    tokenRequest ??= browserApi.get('/api/token').finally(() => {
      tokenRequest = null;
    });
    await tokenRequest;
  }
  return config;
});

// A call that finds the session gone tells the page, which offers to sign in again (the shell's
// SessionLostNotice); a stale token alone is replaced and the call sent again.
recoverSessions(browserApi, () => window.dispatchEvent(new Event(SESSION_LOST_EVENT)));
