import { inject } from 'vitest';

/**
 * Two instances on one database, as the exactly-once tests play them: two job queues, each with
 * a connection pool of its own on PostgreSQL (on the PGlite lane both share the one connection
 * an embedded database has). Load it after the test file has set its configuration.
 */
export async function twoQueues(url: string = process.env.DATABASE_URL ?? inject('databaseUrl')) {
  const { appDatabase } = await import('@/lib/db/app-db');
  const { openDatabase } = await import('@/lib/db/client');
  const { getEnv } = await import('@/lib/env');
  const { JobQueue } = await import('@/lib/jobs/job-queue.server');
  const lane = url.startsWith('postgres') ? 'PostgreSQL, two pools' : 'PGlite, one connection';
  const instances = await Promise.all(
    [0, 1].map(async () =>
      url.startsWith('postgres') ? await openDatabase(url, { maxConnections: 3 }) : null,
    ),
  );
  const queues = instances.map(
    (instance) =>
      new JobQueue({
        executeSql:
          instance?.executeSql ??
          ((text, values) => appDatabase().then((h) => h.executeSql(text, values))),
        schema: getEnv().JOB_SCHEMA,
        pollingIntervalSeconds: 0.5,
        workers: true,
      }),
  );
  return {
    lane,
    queues,
    async close() {
      for (const queue of queues) await queue.stop();
      for (const instance of instances) await instance?.close();
    },
  };
}
