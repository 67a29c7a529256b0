import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/lib/db/client';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';

/**
 * A migrated and seeded database of the lane under test (PGlite in memory, or the run's
 * PostgreSQL database), with its own connection and optional query counter.
 */
export async function openTestDatabase(onQuery?: (sql: string) => void): Promise<DatabaseHandle> {
  const handle = await openDatabase(inject('databaseUrl'), { onQuery, maxConnections: 4 });
  await handle.migrate();
  await seedDemoData(handle.db, { demoStores: true });
  return handle;
}
