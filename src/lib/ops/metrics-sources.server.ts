import 'server-only';
import { appDatabase } from '@/lib/db/app-db';
import type { PoolStats } from '@/lib/db/client';
import { getEnv } from '@/lib/env';

/** What the application tells scripts/serve.mjs's /metrics, read when it is scraped. */
export type MetricsSnapshot = {
  pool: PoolStats | null;
  /** Jobs by kind and state (created, retry, active, failed), across every instance. */
  jobs: { name: string; state: string; count: number }[];
  /** Messages of the outbox by state (queued, failed), across every instance. */
  outbox: { state: string; count: number }[];
};

/**
 * The process-wide hook scripts/serve.mjs calls: it is plain Node and cannot import the
 * application, and the application's bundles each have their own copy of this module, so the
 * hook lives on globalThis under a registered symbol (docs/decisions/0197).
 */
export const METRICS_SOURCE = Symbol.for('storefront.metrics.source');

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function snapshot(): Promise<MetricsSnapshot> {
  const handle = await appDatabase();
  const schema = quoteIdent(getEnv().JOB_SCHEMA);
  const [jobs, outbox] = await Promise.all([
    handle.executeSql(
      `select name, state, count(*)::int as count from ${schema}.job
        where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      [],
    ),
    handle.executeSql(
      `select state, count(*)::int as count from outbox
        where state in ('queued', 'failed') group by state`,
      [],
    ),
  ]);
  return {
    pool: handle.poolStats(),
    jobs: jobs.rows.map((r) => ({
      name: String(r.name),
      state: String(r.state),
      count: Number(r.count),
    })),
    outbox: outbox.rows.map((r) => ({ state: String(r.state), count: Number(r.count) })),
  };
}

/** Makes the snapshot available to /metrics (called once at boot). */
export function offerMetricsSnapshot(): void {
  (globalThis as { [METRICS_SOURCE]?: () => Promise<MetricsSnapshot> })[METRICS_SOURCE] = snapshot;
}
