import { getEnv } from '@/lib/env';
import { logger } from '@/lib/logger';
import { openDatabase, type AppDb, type DatabaseHandle } from './client';

/**
 * The process's database, opened and migrated once. Kept on globalThis because Next may load this
 * module in more than one bundle (instrumentation, route handlers, pages), and PGlite must never
 * be opened twice on one data directory.
 */
const KEY = Symbol.for('storefront.app-db');
const HOOKS = Symbol.for('storefront.app-db.before-close');
type Holder = { [KEY]?: Promise<DatabaseHandle>; [HOOKS]?: Set<() => Promise<void>> };
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

/**
 * Runs `hook` before the database closes, once: what uses the connection in the background (the
 * job queue's workers) stops first. Answers a function that removes the hook.
 */
export function beforeAppDatabaseCloses(hook: () => Promise<void>): () => void {
  const hooks = (holder[HOOKS] ??= new Set());
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Closes the database (tests, scripts and shutdown); the lock of a data directory goes with it. */
export async function closeAppDatabase(): Promise<void> {
  const hooks = [...(holder[HOOKS] ?? [])];
  holder[HOOKS]?.clear();
  for (const hook of hooks) await hook();
  const pending = holder[KEY];
  delete holder[KEY];
  if (pending) await (await pending.catch(() => null))?.close();
}
