import 'server-only';
import { appDatabase } from '@/lib/db/app-db';
import { getEnv } from '@/lib/env';
import { sharedRedis } from '@/lib/redis';

/** What an instance needs to serve, each with its verdict. */
export type Readiness = {
  ready: boolean;
  database: 'ok' | 'unreachable';
  redis: 'ok' | 'unreachable' | 'not_configured';
};

/** A dependency that does not answer within this long counts as unreachable (docs/decisions/0196). */
const CHECK_TIMEOUT_MS = 1_500;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await within(check(), CHECK_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks the database (`select 1` on the pool) and, when REDIS_URL is set, Redis (`PING`), side by
 * side, each bounded in time: the answer comes within CHECK_TIMEOUT_MS whatever is down.
 */
export async function readiness(): Promise<Readiness> {
  const url = getEnv().REDIS_URL;
  const [database, redis] = await Promise.all([
    reachable(async () => (await appDatabase()).executeSql('select 1')),
    url ? reachable(() => sharedRedis(url).ping()) : Promise.resolve(null),
  ]);
  const redisVerdict = redis === null ? 'not_configured' : redis ? 'ok' : 'unreachable';
  return {
    ready: database && redis !== false,
    database: database ? 'ok' : 'unreachable',
    redis: redisVerdict,
  };
}
