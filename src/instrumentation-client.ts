import { config } from 'zod/v4/core';

// The pages' Content-Security-Policy runs no eval (docs/decisions/0130-security-headers.md). Zod
// probes for it with `new Function` before its first object check, and the browser reports that
// probe as a violation although zod catches the refusal: tell zod not to probe.
config({ jitless: true });

// Runs in the browser before the page becomes interactive. Error reporting is loaded only when
// the server rendered a DSN into the page (SENTRY_DSN set), as a separate chunk.
const dsn = document.querySelector<HTMLMetaElement>('meta[name="sentry-dsn"]')?.content;
if (dsn) {
  const root = document.querySelector<HTMLElement>('[data-store]');
  void import('./features/monitoring/sentry-browser').then(({ startBrowserReporting }) =>
    startBrowserReporting(
      dsn,
      document.querySelector<HTMLMetaElement>('meta[name="sentry-environment"]')?.content ??
        'production',
      {
        store: root?.dataset.store ?? 'none',
        host: location.hostname,
        site_version: root?.dataset.siteVersion ?? 'unknown',
      },
    ),
  );
}
