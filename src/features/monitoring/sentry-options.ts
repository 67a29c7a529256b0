import type { ErrorEvent, Event, TransactionEvent } from '@sentry/core';

/**
 * Error reporting settings (docs/contract/constants-and-errors.md), shared by the server and
 * browser SDKs. Reporting is on only when SENTRY_DSN is set.
 */
export const SENTRY_LIMITS = {
  maxBreadcrumbs: 100,
  tracesSampleRate: 0.1,
  /** Browser tracing: idle 1000 ms, final 30000 ms; the SDK's child-span timeout replaced the heartbeat. */
  idleTimeout: 1_000,
  finalTimeout: 30_000,
  childSpanTimeout: 5_000,
} as const;

/** Noisy browser, network and extension errors that say nothing about the product. */
export const IGNORED_ERRORS: (string | RegExp)[] = [
  'Failed to fetch',
  'NetworkError when attempting to fetch resource.',
  'Load failed',
  'Network Error',
  'Network request failed',
  'The network connection was lost.',
  'AbortError',
  'The operation was aborted.',
  'Request aborted',
  'ResizeObserver loop limit exceeded',
  'ResizeObserver loop completed with undelivered notifications.',
  'Non-Error promise rejection captured',
  /^Script error\.?$/,
  'top.GLOBALS',
  'originalCreateNotification',
  'canvas.contentDocument',
  'MyApp_RemoveAllHighlights',
  'atomicFindClose',
  'conduitPage',
  'fb_xd_fragment',
  'webkitExitFullScreen',
  "Can't find variable: ZiteReader",
  'jigsaw is not defined',
  'ComboSearch is not defined',
  'instantSearchSDKJSBridgeClearHighlight',
];

/** Scripts from browser extensions and from local-host addresses are never reported. */
export const DENIED_URLS: RegExp[] = [
  /extensions\//i,
  /^(chrome|chrome-extension|moz-extension|safari-extension|safari-web-extension|ms-browser-extension|edge):\/\//i,
  /^https?:\/\/(localhost|[^/]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i,
];

const LOCAL_PAGE =
  /^https?:\/\/(localhost|[^/]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i;

function fromDeniedPlace(event: Event): boolean {
  const url = event.request?.url;
  if (url && LOCAL_PAGE.test(url)) return true;
  const frames = event.exception?.values?.flatMap((v) => v.stacktrace?.frames ?? []) ?? [];
  return frames.some(
    (f) => f.filename && DENIED_URLS.slice(0, 2).some((re) => re.test(f.filename!)),
  );
}

/** Drops error events from extensions and local-host pages (the SDK already applies ignoreErrors). */
export function beforeSend(event: ErrorEvent): ErrorEvent | null {
  return fromDeniedPlace(event) ? null : event;
}

/** Drops the 404 page's transaction, and transactions from local-host pages. */
export function beforeSendTransaction(event: TransactionEvent): TransactionEvent | null {
  const name = event.transaction ?? '';
  if (
    /(^|\/)_?not-found(\/|$)|^\/?404$/i.test(name) ||
    event.contexts?.response?.status_code === 404
  ) {
    return null;
  }
  return fromDeniedPlace(event) ? null : event;
}

/** What every event is tagged with. */
export type ReportTags = { store: string; host: string; site_version: string };

/** The SDK options both runtimes share. */
export function sharedOptions(dsn: string, environment: string) {
  return {
    dsn,
    environment,
    maxBreadcrumbs: SENTRY_LIMITS.maxBreadcrumbs,
    tracesSampleRate: SENTRY_LIMITS.tracesSampleRate,
    ignoreErrors: IGNORED_ERRORS,
    denyUrls: DENIED_URLS,
    beforeSend,
    beforeSendTransaction,
    sendDefaultPii: false,
  };
}
