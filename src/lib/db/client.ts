import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

/** The one database type the product codes against, on PGlite or on a PostgreSQL server. */
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw statement, for plumbing that brings its own SQL (the job queue). */
export type RawResult = { rows: Record<string, unknown>[] };
/**
 * Runs SQL the driver's way: with values, one statement; without, possibly several (a script
 * with its own BEGIN/COMMIT, which pg-boss sends to create its tables).
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<RawResult>;

export type DatabaseHandle = {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** Runs the generated migrations, serialised across instances by an advisory lock. */
  migrate: () => Promise<void>;
  /** Raw SQL on the process's own connection(s), outside any transaction. */
  executeSql: ExecuteSql;
  /** The lock of a `pglite:<dir>` data directory, held while the database is open. */
  lock: DataDirLock | null;
  /** The server connection pool's figures (metrics); null on PGlite, which has one connection. */
  poolStats: () => PoolStats | null;
  close: () => Promise<void>;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

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
    const { PGliteThread } = await import('./pglite-thread');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const target = url.slice('pglite:'.length);
    // PostgreSQL's default 128 MB of shared buffers is memory the embedded database touches at
    // start; the storefront's working set is a small fraction of 16 MB.
    const pgliteOptions = { postgresqlconf: ['shared_buffers=16MB'] };
    let client;
    let lock: DataDirLock | null = null;
    if (target === 'memory') {
      client = new PGliteThread(null, pgliteOptions);
    } else {
      const dir = path.resolve(target);
      mkdirSync(path.dirname(dir), { recursive: true });
      // Before PGlite touches the directory: a second process must never open it.
      lock = acquireDataDirLock(dir);
      try {
        mkdirSync(dir, { recursive: true });
        client = new PGliteThread(dir, pgliteOptions);
        await client.waitReady;
      } catch (error) {
        lock.release();
        throw error;
      }
    }
    await client.waitReady;
    const pglite = client;
    // Drizzle's PGlite driver, on the thread's client: it uses query, exec and transaction only.
    const db = drizzle({ client: client as unknown as PGlite, schema, logger });
    return {
      db: db as unknown as AppDb,
      kind: 'pglite',
      // PGlite has a single connection: nothing else can migrate beside us.
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      executeSql: async (text, values) => {
        if (values && values.length > 0) {
          const { rows } = await pglite.query(text, values);
          return { rows: rows as Record<string, unknown>[] };
        }
        // A script runs inside PGlite's own transaction, which holds the single connection for
        // its whole length and rolls back on an error; a bare exec would leave a failed script's
        // BEGIN open for the next caller. The script's own BEGIN/COMMIT only raise notices.
        const results = await pglite.transaction((tx) => tx.exec(text));
        return { rows: results.flatMap((r) => r.rows as Record<string, unknown>[]) };
      },
      lock,
      poolStats: () => null,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
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
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // Several statements answer one result each; their rows are what a caller looks for.
      const results: { rows: Record<string, unknown>[] }[] = Array.isArray(result)
        ? result
        : [result];
      return { rows: results.flatMap((r) => r.rows) };
    },
    lock: null,
    poolStats: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
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
