import 'server-only';
import PgBoss from 'pg-boss';
import type { ExecuteSql } from '@/lib/db/client';
import { clockOffsetMs } from '@/lib/clock';
import { logger } from '@/lib/logger';
import { jobDefinitions, onJobDefined, type JobDefinition } from './registry';
import { executeOn, type SqlRunner } from '@/lib/db/raw-sql';

export type EnqueueOptions = {
  /** Insert the job in this transaction: it exists exactly when the caller's change commits. */
  tx?: SqlRunner;
  /** With a `stately` or `short` job kind: at most one waiting job per key. */
  singletonKey?: string;
  /** Product time (src/lib/clock.ts) before which the job does not run. */
  startAfter?: Date;
};

export type JobQueueOptions = {
  executeSql: ExecuteSql;
  /** PostgreSQL schema of pg-boss's tables. */
  schema: string;
  /** Poll for jobs (a job enqueued here wakes the workers at once; polling finds the rest). */
  pollingIntervalSeconds: number;
  /** Run workers (and pg-boss's maintenance) in this process, or only enqueue. */
  workers: boolean;
};

const SETTLE_LIMIT_MS = 15_000;

/** drain() ran out of time with jobs still due or running. */
export class JobsStillDueError extends Error {
  readonly code = 'jobs_still_due';

  constructor() {
    super('jobs still due after the time allowed');
    this.name = 'JobsStillDueError';
  }
}

/**
 * pg-boss on the product's own connection (docs/decisions/0040). One per process in the product
 * (process-queue.server.ts); tests make more to play two instances on one database.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string[]>();
  private readonly inflight = new Set<Promise<unknown>>();
  private stopListening: () => void = () => undefined;
  private queued: Promise<void> = Promise.resolve();
  private workersOn: boolean;
  private started = false;
  private stopping = false;
  /** Runs finished (done or failed) in this process. */
  ran = 0;

  constructor(private readonly options: JobQueueOptions) {
    // Every statement pg-boss sends is tracked, so stop() can wait for the last one before the
    // database closes (pg-boss does not await its own complete/fail calls).
    const db = {
      executeSql: (text: string, values: unknown[]) => this.track(options.executeSql(text, values)),
    };
    this.boss = new PgBoss({
      db,
      schema: options.schema,
      // Schedules are the product's own (scheduler.ts, on the product clock), not pg-boss cron.
      schedule: false,
      supervise: options.workers,
      maintenanceIntervalSeconds: 60,
      migrate: true,
    });
    this.boss.on('error', (error: Error) =>
      logger.error({ err: error.message }, 'job queue error'),
    );
    this.workersOn = options.workers;
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inflight.add(promise);
    void promise.finally(() => this.inflight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** Creates pg-boss's tables when missing (or migrates them), then each defined job's queue. */
  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // A job defined later (a module another bundle loads on first use) gets its queue then.
    this.stopListening = onJobDefined((definition) => {
      this.queued = this.queued
        .then(() => this.prepare(definition))
        .catch((error: unknown) =>
          logger.error({ job: definition.name, err: String(error) }, 'job kind not prepared'),
        );
    });
    for (const definition of jobDefinitions()) await this.prepare(definition);
  }

  private async prepare(definition: JobDefinition): Promise<void> {
    if (this.stopping) return;
    const { policy } = definition;
    const queue = {
      name: definition.name,
      policy: policy.policy,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.retryBackoff,
      expireInSeconds: policy.expireInSeconds,
    };
    // pg-boss 10 keeps a queue's options on its row: creating keeps the first, update applies ours.
    await this.boss.createQueue(definition.name, queue);
    await this.boss.updateQueue(definition.name, queue);
    if (this.workersOn) await this.work(definition);
  }

  /** Starts this process's workers (when the queue was started to enqueue only). */
  async startWorkers(): Promise<void> {
    if (this.workersOn) return;
    this.workersOn = true;
    if (this.started) for (const definition of jobDefinitions()) await this.work(definition);
  }

  private async work(definition: JobDefinition): Promise<void> {
    if (this.workerIds.has(definition.name)) return;
    const ids: string[] = [];
    this.workerIds.set(definition.name, ids);
    for (let i = 0; i < definition.policy.concurrency; i++) {
      ids.push(
        await this.boss.work(
          definition.name,
          {
            pollingIntervalSeconds: this.options.pollingIntervalSeconds,
            includeMetadata: true,
            batchSize: 1,
          },
          async ([job]) => {
            if (job) await this.track(this.run(definition, job));
          },
        ),
      );
    }
  }

  private async run(
    definition: JobDefinition,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    const attempt = job.retryCount + 1;
    try {
      await definition.handler(job.data, {
        id: job.id,
        attempt,
        lastAttempt: job.retryCount >= job.retryLimit,
      });
    } catch (error) {
      logger.warn(
        { job: definition.name, job_id: job.id, attempt, err: String(error) },
        'job run failed',
      );
      throw error;
    } finally {
      this.ran++;
      // pg-boss waits a polling interval after each run; more jobs may be waiting already.
      this.notify(definition.name);
    }
  }

  /** Adds a job; answers its id, or null when a singleton key already has one waiting. */
  async enqueue(name: string, data: object, options: EnqueueOptions = {}): Promise<string | null> {
    const startAfter = options.startAfter
      ? new Date(options.startAfter.getTime() - clockOffsetMs())
      : undefined;
    const id = await this.boss.send(name, data, {
      ...(options.tx ? { db: { executeSql: executeOn(options.tx) } } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(startAfter ? { startAfter } : {}),
    });
    return id;
  }

  /** Wakes this process's workers of `name` (all kinds without a name). */
  notify(name?: string): void {
    for (const [kind, ids] of this.workerIds) {
      if (name === undefined || kind === name) for (const id of ids) this.boss.notifyWorker(id);
    }
  }

  /**
   * The test clock moved forward by `ms`: jobs waiting for a later time (retries, `startAfter`)
   * are that much nearer, as they would be had the time really passed.
   */
  async shiftWaitingJobs(ms: number): Promise<void> {
    await this.options.executeSql(
      `update ${this.options.schema}.job set start_after = start_after - ($1::bigint * interval '1 millisecond')
       where state < 'active' and start_after > now()`,
      [ms],
    );
  }

  /** Jobs of the defined kinds that are due and not running. */
  private async dueCount(): Promise<number> {
    const names = jobDefinitions().map((d) => d.name);
    if (names.length === 0) return 0;
    const { rows } = await this.options.executeSql(
      `select count(*)::int as n from ${this.options.schema}.job
       where name = any($1::text[]) and state < 'active' and start_after < now()`,
      [names],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Runs every job that is due, here, and answers once none is left waiting or running in this
   * process: the number of runs. Needs this process's workers.
   */
  async drain(timeoutMs = 30_000): Promise<number> {
    if (!this.workersOn) throw new Error('drain() needs the workers of this process');
    const before = this.ran;
    // Deadlines are elapsed time: a moved clock must not cut them short.
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      await this.settle(deadline);
      if ((await this.dueCount()) === 0 && this.inflight.size === 0) return this.ran - before;
      if (performance.now() > deadline) throw new JobsStillDueError();
      this.notify();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Waits until nothing this queue started is running (or the deadline). */
  private async settle(deadline = performance.now() + SETTLE_LIMIT_MS): Promise<void> {
    while (this.inflight.size > 0 && performance.now() < deadline) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inflight]),
        new Promise(
          (resolve) => (timer = setTimeout(resolve, Math.max(1, deadline - performance.now()))),
        ),
      ]);
      clearTimeout(timer);
      // A finished fetch hands its job to the handler in a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Stops the workers, lets running jobs finish, and waits for pg-boss's last statement. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.stopListening();
    await this.queued;
    await this.boss.stop({ graceful: true, wait: true, timeout: SETTLE_LIMIT_MS });
    await this.settle();
  }
}
