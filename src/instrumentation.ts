import type { Instrumentation } from 'next';

/**
 * Runs once when the server starts, before it takes requests: checks the configuration, migrates
 * the database, seeds the demo data, follows store changes made by other instances and starts
 * error reporting when SENTRY_DSN is set. A bad configuration stops the start with a message that
 * names the variable.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { boot } = await import('./server-boot');
  await boot();
  // Store changes made through another instance (over Redis, when REDIS_URL is set).
  const { followStoreChangesOfOtherInstances } =
    await import('./features/tenancy/server/store-sync.server');
  followStoreChangesOfOtherInstances();
  const { startServerReporting } = await import('./features/monitoring/server-report.server');
  startServerReporting();
}

/** Errors Next caught while rendering or handling a request go to error reporting. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportRequestError } = await import('./features/monitoring/server-report.server');
  await reportRequestError(error, request, context);
};
