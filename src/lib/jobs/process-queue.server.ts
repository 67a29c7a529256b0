import 'server-only';
import { appDatabase, beforeAppDatabaseCloses } from '@/lib/db/app-db';
import { advanceClock, DAY_MS, now } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/logger';
import { JobQueue, type EnqueueOptions } from './job-queue.server';
import { runFinders } from './scheduler';

/**
 * The process's job queue, on the process's database. Started on first use, so a process that
 * never enqueues (most test files, the scripts) never pays for it; the server starts it at boot
 * with workers and the scheduler tick (src/server-boot.ts).
 */
const KEY = Symbol.for('storefront.job-queue');
type State = {
  starting?: Promise<JobQueue>;
  ready?: JobQueue;
  workers: boolean;
  tick?: NodeJS.Timeout;
  ticking?: boolean;
};
const state = ((globalThis as { [KEY]?: State })[KEY] ??= { workers: false });

function jobQueue(): Promise<JobQueue> {
  state.starting ??= (async () => {
    const handle = await appDatabase();
    const queue = new JobQueue({
      executeSql: handle.executeSql,
      schema: getEnv().JOB_SCHEMA,
      // On PGlite this process is the only one that enqueues, and it wakes its workers itself:
      // polling only finds retries that came due. A server database has other instances.
      pollingIntervalSeconds: handle.kind === 'pglite' ? 5 : 2,
      workers: state.workers,
    });
    await queue.start();
    beforeAppDatabaseCloses(stopJobQueue);
    state.ready = queue;
    return queue;
  })().catch((error: unknown) => {
    delete state.starting;
    throw error;
  });
  return state.starting;
}

/**
 * This process runs jobs, not only enqueues them: the server, and a test that needs its mail
 * delivered. Takes effect now, or when the queue starts.
 */
export async function runJobsInThisProcess(): Promise<void> {
  state.workers = true;
  if (state.starting) await (await state.starting).startWorkers();
}

/** Starts the queue now (the server at boot): workers, and the scheduler tick every `tickMs`. */
export async function startJobQueue(options: { workers: boolean; tickMs?: number }): Promise<void> {
  if (options.workers) await runJobsInThisProcess();
  await jobQueue();
  if (options.tickMs && !state.tick) {
    state.tick = setInterval(() => void schedulerTick(), options.tickMs);
    state.tick.unref();
  }
}

/** Stops the workers after their running jobs; the database closes after this. */
export async function stopJobQueue(): Promise<void> {
  if (state.tick) clearInterval(state.tick);
  delete state.tick;
  const starting = state.starting;
  delete state.starting;
  delete state.ready;
  const queue = await starting?.catch(() => undefined);
  await queue?.stop();
}

/**
 * Adds a job of a defined kind (registry.ts). With `tx`, the job is part of the caller's
 * transaction; the queue must have been started before (on PGlite the transaction holds the only
 * connection, so the queue could not start inside it): the server starts it at boot, a test with
 * `runJobsInThisProcess()` on its first enqueue outside a transaction, or `prepareJobQueue()`.
 */
export async function enqueue(
  name: string,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  let queue = state.ready;
  if (!queue) {
    if (options.tx) {
      throw new Error(
        'The job queue is not started: call prepareJobQueue() before the transaction that enqueues.',
      );
    }
    queue = await jobQueue();
  }
  const id = await queue.enqueue(name, data, options);
  // On PGlite the wake-up's fetch waits for the caller's transaction and so sees its job at
  // once; on PostgreSQL polling finds a job whose transaction was still open.
  queue.notify(name);
  return id;
}

/** Starts the queue (if it is not) outside any transaction, so that `enqueue({tx})` can run. */
export async function prepareJobQueue(): Promise<void> {
  await jobQueue();
}

/** Wakes this process's workers of `name`: its job has just been committed. */
export function notifyJobWorkers(name: string): void {
  state.ready?.notify(name);
}

async function schedulerTick(): Promise<void> {
  if (state.ticking || !state.ready) return;
  state.ticking = true;
  try {
    await runFinders(now());
    state.ready.notify();
  } catch (error) {
    logger.error({ err: String(error) }, 'scheduler tick failed');
  } finally {
    state.ticking = false;
  }
}

/**
 * Finds the work that is due (scheduler tick) and runs every due job here, answering once none is
 * left: how many job runs it took. For the test clock and tests.
 */
export async function runDueJobs(): Promise<number> {
  const queue = await jobQueue();
  await runFinders(now());
  return queue.drain();
}

/**
 * The test clock: moves the product's time forward by `ms` (refused without TEST_CLOCK=true) a
 * day at a time, and at each day brings waiting jobs as much nearer and runs what became due, as
 * if the days had passed one by one (as Stripe's test clocks do): in one jump, a monthly service
 * renews every month, where moving at once would have found it a year overdue. `kept` runs once
 * the time has moved, whether or not every job ran (the clock call keeps the offset there).
 * Answers the time moved to and how many job runs it took.
 */
export async function advanceTimeAndRunDueJobs(
  ms: number,
  kept: () => Promise<void> = async () => undefined,
): Promise<{ now: Date; ran: number }> {
  const queue = await jobQueue();
  let ran = 0;
  let moved = now();
  try {
    for (let left = ms; left > 0;) {
      const step = Math.min(left, DAY_MS);
      moved = advanceClock(step);
      await queue.shiftWaitingJobs(step);
      ran += await runDueJobs();
      left -= step;
    }
  } finally {
    await kept();
  }
  return { now: moved, ran };
}
