import 'server-only';
import { getEnv } from '@/lib/env';
import { hasErrorCode } from '@/lib/error-code';
import { appDatabase } from '@/lib/db/app-db';
import { logger } from '@/lib/logger';
import { startJobQueue, stopJobQueue } from '@/lib/jobs/process-queue.server';
import { resumeKeptClock } from '@/lib/test-clock-repository.server';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { offerMetricsSnapshot } from '@/lib/ops/metrics-sources.server';
// Every kind of job this server runs must be defined before its workers start, so that work
// left from before a restart runs without waiting for a request to load the module.
import '@/lib/mail/outbox-delivery.server';
import '@/features/purchase/server/receipt-job.server';
import '@/features/purchase/server/refund-job.server';
import '@/features/checkout/server/expiry-job.server';
import '@/features/renewals/server/life-jobs.server';
import '@/features/dns/server/sync-job.server';
import '@/features/store-admin/hosts/hosts-repository.server';

/** How often the server looks for work that became due (src/lib/jobs/scheduler.ts). */
const SCHEDULER_TICK_MS = 60_000;

/**
 * Configuration check, migrations, seed and the job queue: everything a fresh clone needs to
 * serve.
 */
export async function boot(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (hasErrorCode(error, 'invalid_configuration')) {
      console.error((error as Error).message);
      process.exit(1);
    }
    throw error;
  }
  const started = performance.now();
  try {
    const { db, kind, lock } = await appDatabase();
    // A test deployment goes on at the time its clock was moved to before the restart.
    await resumeKeptClock();
    await seedDemoData(db, { demoStores: env.SEED_DEMO_STORES });
    // `npm run outbox` finds the server here when it cannot open the embedded database itself.
    lock?.advertiseServer(`http://127.0.0.1:${env.PORT}`);
    await startJobQueue({ workers: true, tickMs: SCHEDULER_TICK_MS });
    stopJobsOnShutdown();
    offerMetricsSnapshot();
    logger.info(
      { database: kind, ms: Math.round(performance.now() - started) },
      'database and job queue ready',
    );
  } catch (error) {
    // Another process has the embedded database open: its message says who and what to do.
    if (hasErrorCode(error, 'data_dir_locked')) console.error((error as Error).message);
    logger.fatal(
      { err: error instanceof Error ? error.message : String(error) },
      'database setup failed',
    );
    process.exit(1);
  }
}

/**
 * Asked to stop, the server takes no new job and lets running ones finish while it closes its
 * connections (scripts/serve.mjs and Next exit on their own signal handlers; a job cut short is
 * retried, or, cut mid-send, never sent twice: docs/decisions/0043).
 */
function stopJobsOnShutdown(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void stopJobQueue().finally(() => {
        // Nobody else listens: do what the signal would have done without this listener.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    });
  }
}
