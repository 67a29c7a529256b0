import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { services } from '@/lib/db/schema';

/** The only code that knows how services are stored. */

export type ServiceRow = typeof services.$inferSelect;

/** Adds a service; a second one for the same order line is not added (fulfilment once). */
export async function insertService(
  tx: AppDb,
  values: Omit<typeof services.$inferInsert, 'id'>,
): Promise<boolean> {
  const rows = await tx
    .insert(services)
    .values(values)
    .onConflictDoNothing({ target: services.orderLineId })
    .returning({ id: services.id });
  return rows.length === 1;
}

export async function listAccountServices(
  db: AppDb,
  accountId: string,
  storeKey: string,
): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(and(eq(services.accountId, accountId), eq(services.storeKey, storeKey)))
    .orderBy(desc(services.createdAt), desc(services.id));
}
