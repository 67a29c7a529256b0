import * as Sentry from '@sentry/nextjs';
import { SENTRY_LIMITS, sharedOptions, type ReportTags } from './sentry-options';

/**
 * Starts browser error reporting. Loaded on demand by instrumentation-client.ts only when the page
 * names a DSN, so visitors of a store without reporting download none of the SDK.
 */
export function startBrowserReporting(dsn: string, environment: string, tags: ReportTags): void {
  Sentry.init({
    ...sharedOptions(dsn, environment),
    integrations: [
      Sentry.browserTracingIntegration({
        idleTimeout: SENTRY_LIMITS.idleTimeout,
        finalTimeout: SENTRY_LIMITS.finalTimeout,
        childSpanTimeout: SENTRY_LIMITS.childSpanTimeout,
      }),
    ],
    initialScope: { tags },
  });
}
