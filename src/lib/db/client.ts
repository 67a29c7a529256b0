import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The one database type the product codes against, on PGlite or on a PostgreSQL server. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** Runs the generated migrations, serialised across instances by an advisory lock. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export type OpenOptions = {
  /** Called with each SQL statement; tests count queries with it. */
  onQuery?: (query: string) => void;
  /** Pool size for a PostgreSQL server. */
  maxConnections?: number;
  /** Called when an idle server connection fails; the pool replaces it. */
  onPoolError?: (error: Error) => void;
};

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');
// Any fixed 64-bit number: it names the lock that keeps two instances from migrating at once.
const MIGRATION_LOCK = 7_314_202_611;

/**
 * Opens the database named by a DATABASE_URL value: `pglite:memory`, `pglite:<dir>` (embedded
 * PostgreSQL in WebAssembly) or `postgres://...` (a server).
 */
export async function openDatabase(
  url: string,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  const logger = options.onQuery
    ? { logQuery: (query: string) => options.onQuery?.(query) }
    : undefined;

  if (url.startsWith('pglite:')) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const target = url.slice('pglite:'.length);
    // PostgreSQL's default 128 MB of shared buffers is memory the embedded database touches at
    // start; the storefront's working set is a small fraction of 16 MB.
    const pgliteOptions = { postgresqlconf: ['shared_buffers=16MB'] };
    let client;
    if (target === 'memory') {
      client = new PGlite(pgliteOptions);
    } else {
      const dir = path.resolve(target);
      mkdirSync(dir, { recursive: true });
      client = new PGlite({ ...pgliteOptions, dataDir: dir });
    }
    await client.waitReady;
    const db = drizzle({ client, schema, logger });
    return {
      db: db as unknown as AppDb,
      kind: 'pglite',
      // PGlite has a single connection: nothing else can migrate beside us.
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.close(),
    };
  }

  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener, a dropped idle connection would crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzle({ client: pool, schema, logger });
  return {
    db: db as unknown as AppDb,
    kind: 'postgres',
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migrate(drizzle({ client: conn, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
