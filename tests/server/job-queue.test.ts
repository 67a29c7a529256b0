import { describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database';

// The job queue's plumbing (src/lib/jobs): product-time starts, due work found by the scheduler
// on the test clock, singleton keys, and enqueueing in a transaction.
// The clock moves days ahead here: the jobs and the session sweep it runs would reach other
// files' rows in the PostgreSQL lane's shared database.
await ownDatabase();
process.env.TEST_CLOCK = 'true';
const { appDb } = await import('@/lib/db/app-db');
const { now } = await import('@/lib/clock');
const { defineJob } = await import('@/lib/jobs/registry');
const { registerDueWork } = await import('@/lib/jobs/scheduler');
const jobs = await import('@/lib/jobs/process-queue.server');

const DAY = 24 * 60 * 60 * 1000;
const ranLater: { n: number; at: Date }[] = [];
defineJob<{ n: number }>('test.later', async ({ n }) => {
  ranLater.push({ n, at: now() });
});

// A stand-in for a feature with things that fall due (say, renewals): the finder enqueues a job
// per due item; the job checks the item is still due before having its effect.
const items = [
  { id: 'a', due: new Date(now().getTime() + 10 * DAY), renewedAt: null as Date | null },
];
defineJob<{ id: string }>(
  'test.renew',
  async ({ id }) => {
    const item = items.find((i) => i.id === id)!;
    if (!item.renewedAt) item.renewedAt = now();
  },
  { policy: 'stately' },
);
defineJob<{ key: string }>('test.keyed', async () => undefined, { policy: 'stately' });
const findings: Date[] = [];
registerDueWork('test.renewals', async (at) => {
  findings.push(at);
  for (const item of items) {
    if (item.due <= at && !item.renewedAt) {
      await jobs.enqueue('test.renew', { id: item.id }, { singletonKey: item.id });
    }
  }
});

describe('the job queue', () => {
  it('refuses a job in a transaction before the queue has started, and says what to do', async () => {
    await expect(
      (await appDb()).transaction((tx) => jobs.enqueue('test.later', { n: 0 }, { tx })),
    ).rejects.toThrow(/not started: call prepareJobQueue\(\) before the transaction/);
    await jobs.runJobsInThisProcess();
  });

  it('runs a job given a later start when the product clock reaches it', async () => {
    const startAfter = new Date(now().getTime() + 2 * DAY);
    expect(await jobs.enqueue('test.later', { n: 1 }, { startAfter })).toEqual(expect.any(String));
    expect(await jobs.runDueJobs()).toBe(0);
    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(0);
    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(1);
    expect(ranLater).toEqual([{ n: 1, at: expect.any(Date) }]);
    expect(ranLater[0]!.at.getTime()).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('keeps one waiting job per singleton key', async () => {
    const ids = await (
      await appDb()
    ).transaction(async (tx) => [
      await jobs.enqueue('test.keyed', { key: 'b' }, { tx, singletonKey: 'b' }),
      await jobs.enqueue('test.keyed', { key: 'b' }, { tx, singletonKey: 'b' }),
    ]);
    expect(ids).toEqual([expect.any(String), null]);
    expect(await jobs.runDueJobs()).toBe(1);
  });

  it('finds due work on the moved clock and runs it once', async () => {
    const before = findings.length;
    expect((await jobs.advanceTimeAndRunDueJobs(5 * DAY)).ran).toBe(0);
    const { now: moved, ran } = await jobs.advanceTimeAndRunDueJobs(6 * DAY);
    expect(ran).toBe(1);
    // The clock moves a day at a time and looks for due work at each day: 5 + 6 looks.
    expect(findings.length).toBe(before + 11);
    // The finder saw the moved time (a moment later: time goes on after the step).
    expect(findings.at(-1)!.getTime() - moved.getTime()).toBeGreaterThanOrEqual(0);
    expect(findings.at(-1)!.getTime() - moved.getTime()).toBeLessThan(5_000);
    expect(items[0]!.renewedAt!.getTime()).toBeGreaterThanOrEqual(items[0]!.due.getTime());
    expect((await jobs.advanceTimeAndRunDueJobs(DAY)).ran).toBe(0);
  });
});
