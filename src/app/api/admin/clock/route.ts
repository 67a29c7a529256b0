import { z } from 'zod';
import { ApiError, dataResponse } from '@/lib/http/api-response';
import { operatorMethodNotAllowed, operatorRoute } from '@/lib/http/operator';
import { readJson } from '@/lib/http/read-json';
import { now, testClockEnabled } from '@/lib/clock';
import { JobsStillDueError } from '@/lib/jobs/job-queue.server';
import { advanceTimeAndRunDueJobs } from '@/lib/jobs/process-queue.server';

const DAY_MS = 24 * 60 * 60 * 1000;

const body = z.strictObject({
  advance_days: z
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650'),
});

/**
 * Operator call of a test deployment (TEST_CLOCK=true): moves the product's time forward and
 * answers once every job that became due has run (docs/decisions/0042). Without TEST_CLOCK the
 * path does not exist.
 */
export const POST = operatorRoute(
  async (request) => {
    const { advance_days } = await readJson(request, body);
    try {
      const { now, ran } = await advanceTimeAndRunDueJobs(advance_days * DAY_MS);
      return dataResponse({ now: now.toISOString(), ran });
    } catch (error) {
      if (!(error instanceof JobsStillDueError)) throw error;
      throw new ApiError(503, 'jobs_pending', 'The clock moved, but due jobs are still running.');
    }
  },
  { available: testClockEnabled },
);

/** The product's time now: a test reads it to act at the server's time, not its own. */
export const GET = operatorRoute(async () => dataResponse({ now: now().toISOString() }), {
  available: testClockEnabled,
});

export const PUT = operatorMethodNotAllowed(['GET', 'POST'], testClockEnabled);
export const PATCH = PUT;
export const DELETE = PUT;
