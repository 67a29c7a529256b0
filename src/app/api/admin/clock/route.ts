import { z } from 'zod';
import { ApiError, dataResponse } from '@/lib/http/api-response';
import { operatorMethodNotAllowed, operatorRoute } from '@/lib/http/operator';
import { readJson } from '@/lib/http/read-json';
import { DAY_MS, now, testClockEnabled } from '@/lib/clock';
import { hasErrorCode } from '@/lib/error-code';
import { advanceTimeAndRunDueJobs } from '@/lib/jobs/process-queue.server';
import { keepClock, resumeKeptClock } from '@/lib/test-clock-repository.server';

const MINUTE_MS = 60 * 1000;

/** A whole number from 1 to `max` of `unit`s, with one message for every way to miss it. */
const wholeNumber = (unit: string, max: number) => {
  const message = `must be a whole number of ${unit} from 1 to ${max}`;
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
};

// Days for the life of services; minutes for what lasts less than a day (a number's 15-minute
// hold in a cart).
const body = z
  .strictObject({
    advance_days: wholeNumber('days', 3650).optional(),
    advance_minutes: wholeNumber('minutes', 1440).optional(),
  })
  .refine((v) => (v.advance_days === undefined) !== (v.advance_minutes === undefined), {
    message: 'send advance_days or advance_minutes, one of them',
    path: ['advance_days'],
  });

/**
 * Operator call of a test deployment (TEST_CLOCK=true): moves the product's time forward a day at
 * a time, running what each day made due, and answers once every job has run (docs/decisions/0042
 * and 0151). The offset is kept in the database. Without TEST_CLOCK the path does
 * not exist.
 */
export const POST = operatorRoute(
  async (request) => {
    const { advance_days, advance_minutes } = await readJson(request, body);
    const by = advance_days !== undefined ? advance_days * DAY_MS : advance_minutes! * MINUTE_MS;
    await resumeKeptClock();
    try {
      const { now, ran } = await advanceTimeAndRunDueJobs(by, keepClock);
      return dataResponse({ now: now.toISOString(), ran });
    } catch (error) {
      if (!hasErrorCode(error, 'jobs_still_due')) throw error;
      throw new ApiError(503, 'jobs_pending', 'The clock moved, but due jobs are still running.');
    }
  },
  { available: testClockEnabled },
);

/** The product's time now: a test reads it to act at the server's time, not its own. */
export const GET = operatorRoute(
  async () => {
    await resumeKeptClock();
    return dataResponse({ now: now().toISOString() });
  },
  { available: testClockEnabled },
);

export const PUT = operatorMethodNotAllowed(['GET', 'POST'], testClockEnabled);
export const PATCH = PUT;
export const DELETE = PUT;
