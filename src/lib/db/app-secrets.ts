import { eq } from 'drizzle-orm';
import type { AppDb } from './client';
import { appSecrets } from './schema';

/**
 * The stored secret of a name, made with `make` on first use. Safe under concurrency: the first
 * insert wins and everyone reads the winner.
 */
export async function storedSecret(db: AppDb, name: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}
