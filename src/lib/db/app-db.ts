import { getEnv } from '@/lib/env';
import { logger } from '@/lib/logger';
import { openDatabase, type AppDb, type DatabaseHandle } from './client';

/**
 * The process's database, opened and migrated once. Kept on globalThis because Next may load this
 * module in more than one bundle (instrumentation, route handlers, pages), and PGlite must never
 * be opened twice on one data directory.
 */
const KEY = Symbol.for('storefront.app-db');
type Holder = { [KEY]?: Promise<DatabaseHandle> };
const holder = globalThis as Holder;

/** Opens and migrates the configured database on first call; later calls share it. */
export function appDatabase(): Promise<DatabaseHandle> {
  holder[KEY] ??= (async () => {
    const handle = await openDatabase(getEnv().DATABASE_URL, {
      onPoolError: (error) => logger.warn({ err: error.message }, 'database connection lost'),
    });
    await handle.migrate();
    return handle;
  })().catch((error: unknown) => {
    // Let the next call try again instead of caching the failure forever.
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

export async function appDb(): Promise<AppDb> {
  return (await appDatabase()).db;
}

/** Closes the database (tests and shutdown). */
export async function closeAppDatabase(): Promise<void> {
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending).close();
}
