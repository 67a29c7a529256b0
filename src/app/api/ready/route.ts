import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readiness } from '@/lib/ops/readiness.server';

/**
 * Whether this instance can serve: 200 when the database and (if configured) Redis answer, else
 * 503 naming what is missing. No store lookup, no cookie read, no rate limit: a load balancer or
 * an orchestrator asks it every few seconds. While the instance stops (SIGTERM), scripts/serve.mjs
 * answers 503 `stopping` itself (docs/decisions/0196).
 */
export const GET = apiRoute(
  async () => {
    const { ready, database, redis } = await readiness();
    const checks = { database, redis };
    if (ready) return dataResponse({ status: 'ready', checks });
    const missing = Object.entries(checks)
      .filter(([, verdict]) => verdict === 'unreachable')
      .map(([name]) => name);
    return Response.json(
      {
        error: {
          code: 'not_ready',
          message: `This instance cannot serve: ${missing.join(' and ')} unreachable.`,
          missing,
          checks,
        },
      },
      { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } },
    );
  },
  { csrf: false },
);

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
