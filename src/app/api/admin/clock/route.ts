import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { ApiError, dataResponse, errorResponse } from '@/lib/http/api-response';
import { methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { getEnv } from '@/lib/env';
import { secureEqual } from '@/lib/secure-compare';
import { JobsStillDueError } from '@/lib/jobs/job-queue.server';
import { advanceTimeAndRunDueJobs } from '@/lib/jobs/process-queue.server';

const DAY_MS = 24 * 60 * 60 * 1000;

const body = z.object({
  advance_days: z
    .number({ error: 'must be a whole number of days from 1 to 3650' })
    .int('must be a whole number of days from 1 to 3650')
    .min(1, 'must be a whole number of days from 1 to 3650')
    .max(3650, 'must be a whole number of days from 1 to 3650'),
});

/**
 * Operator call of a test deployment (TEST_CLOCK=true): moves the product's time forward and
 * answers once every job that became due has run. Authorised like the other operator calls, by
 * `Authorization: Bearer <ADMIN_API_TOKEN>`; without TEST_CLOCK or a token the path does not
 * exist (docs/decisions/0042).
 */
const notFound = () => new ApiError(404, 'not_found', 'There is no such API path.');

async function post(request: NextRequest): Promise<Response> {
  const env = getEnv();
  const token = env.ADMIN_API_TOKEN;
  if (!env.TEST_CLOCK || !token) throw notFound();
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!secureEqual(given, token)) {
    throw new ApiError(401, 'unauthorized', 'A valid operator token is required.', undefined, {
      'www-authenticate': 'Bearer',
    });
  }
  const { advance_days } = await readJson(request, body);
  try {
    const { now, ran } = await advanceTimeAndRunDueJobs(advance_days * DAY_MS);
    return dataResponse({ now: now.toISOString(), ran });
  } catch (error) {
    if (!(error instanceof JobsStillDueError)) throw error;
    throw new ApiError(503, 'jobs_pending', 'The clock moved, but due jobs are still running.');
  }
}

// Not wrapped in apiRoute: its CSRF check is for cookie-based browser sessions; this call
// carries no cookie, the bearer token is its only credential.
export async function POST(request: NextRequest): Promise<Response> {
  try {
    return await post(request);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}

const wrongMethod = methodNotAllowed(['POST']);

/** Other methods: 405 where the call exists, 404 where it does not. */
export async function GET(): Promise<Response> {
  const env = getEnv();
  return env.TEST_CLOCK && env.ADMIN_API_TOKEN ? wrongMethod() : errorResponse(notFound());
}
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
