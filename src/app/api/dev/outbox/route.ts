import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { queryInt } from '@/lib/http/query-int';
import { ApiError, dataResponse, errorResponse, isApiError } from '@/lib/http/api-response';
import { readQuery } from '@/lib/http/read-query';
import { appDatabase } from '@/lib/db/app-db';
import { secureEqual } from '@/lib/secure-compare';
import { outboxEntries } from '@/lib/mail/outbox-list.server';

const query = z.object({
  all: z.enum(['0', '1']).default('0'),
  limit: queryInt(1, 500, 20),
});

const notFound = () => new ApiError(404, 'not_found', 'There is no such API path.');

/**
 * `npm run outbox` while the server holds the embedded database (which no second process may
 * open): the outbox, read by the server. Authorised by the token the server wrote into the data
 * directory's lock file, which only a user who may read that directory can see (decision 0041).
 * Without it, and on PostgreSQL, the path does not exist.
 */
export async function GET(request: NextRequest): Promise<Response> {
  try {
    const { db, lock } = await appDatabase();
    const token = lock?.holder.server?.token;
    const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!token || !secureEqual(given, token)) throw notFound();
    const { all, limit } = readQuery(request, query);
    return dataResponse({ messages: await outboxEntries(db, { all: all === '1', limit }) });
  } catch (error) {
    if (isApiError(error)) return errorResponse(error);
    throw error;
  }
}

async function otherMethod(): Promise<Response> {
  return errorResponse(notFound());
}

export const POST = otherMethod;
export const PUT = otherMethod;
export const PATCH = otherMethod;
export const DELETE = otherMethod;
