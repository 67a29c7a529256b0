import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { dnsChanges, dnsRecords, dnsStoreDefaults, dnsZones, services } from '@/lib/db/schema';

/** The only code that knows how zones, their records and their change queue are stored. */

export type ZoneRow = typeof dnsZones.$inferSelect;
export type RecordRow = typeof dnsRecords.$inferSelect;
export type ChangeRow = typeof dnsChanges.$inferSelect;

export async function insertZone(
  tx: AppDb,
  zone: Omit<typeof dnsZones.$inferInsert, 'id'>,
): Promise<ZoneRow | null> {
  const [row] = await tx.insert(dnsZones).values(zone).onConflictDoNothing().returning();
  return row ?? null;
}

export async function zoneOfService(db: AppDb, serviceId: string): Promise<ZoneRow | null> {
  const [row] = await db.select().from(dnsZones).where(eq(dnsZones.serviceId, serviceId));
  return row ?? null;
}

export async function lockZone(tx: AppDb, zoneId: string): Promise<ZoneRow | null> {
  const [row] = await tx.select().from(dnsZones).where(eq(dnsZones.id, zoneId)).for('update');
  return row ?? null;
}

export async function updateZone(
  tx: AppDb,
  id: string,
  change: Partial<Pick<ZoneRow, 'serial' | 'appliedSerial' | 'state' | 'dnssec' | 'ds'>>,
): Promise<void> {
  await tx.update(dnsZones).set(change).where(eq(dnsZones.id, id));
}

export async function zoneRecords(db: AppDb, zoneId: string): Promise<RecordRow[]> {
  return db
    .select()
    .from(dnsRecords)
    .where(eq(dnsRecords.zoneId, zoneId))
    .orderBy(asc(dnsRecords.name), asc(dnsRecords.type), asc(dnsRecords.createdAt));
}

export async function insertRecord(
  tx: AppDb,
  record: Omit<typeof dnsRecords.$inferInsert, 'id'>,
): Promise<RecordRow> {
  const [row] = await tx.insert(dnsRecords).values(record).returning();
  return row!;
}

export async function updateRecord(
  tx: AppDb,
  id: string,
  change: Partial<Pick<RecordRow, 'name' | 'type' | 'content' | 'ttl' | 'priority'>>,
): Promise<void> {
  await tx.update(dnsRecords).set(change).where(eq(dnsRecords.id, id));
}

export async function deleteRecord(tx: AppDb, id: string): Promise<void> {
  await tx.delete(dnsRecords).where(eq(dnsRecords.id, id));
}

export async function insertChange(
  tx: AppDb,
  change: Pick<ChangeRow, 'zoneId' | 'serial' | 'kind' | 'payload' | 'createdAt'>,
): Promise<void> {
  await tx.insert(dnsChanges).values(change);
}

/** The zone's first change PowerDNS has not taken yet (the caller holds the zone's lock). */
export async function firstPendingChange(tx: AppDb, zoneId: string): Promise<ChangeRow | null> {
  const [row] = await tx
    .select()
    .from(dnsChanges)
    .where(and(eq(dnsChanges.zoneId, zoneId), isNull(dnsChanges.appliedAt)))
    .orderBy(asc(dnsChanges.seq))
    .limit(1);
  return row ?? null;
}

export async function markChangeApplied(tx: AppDb, seq: number, at: Date): Promise<void> {
  await tx
    .update(dnsChanges)
    .set({ appliedAt: at, appliedCount: sql`${dnsChanges.appliedCount} + 1` })
    .where(eq(dnsChanges.seq, seq));
}

export async function pendingChanges(db: AppDb, zoneId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dnsChanges)
    .where(and(eq(dnsChanges.zoneId, zoneId), isNull(dnsChanges.appliedAt)));
  return row?.n ?? 0;
}

/** The active domain services an order made (fulfilment just wrote them). */
export async function orderDomainServices(
  tx: AppDb,
  orderId: string,
): Promise<{ id: string; accountId: string; storeKey: string; domain: string }[]> {
  const rows = await tx
    .select({
      id: services.id,
      accountId: services.accountId,
      storeKey: services.storeKey,
      details: services.details,
    })
    .from(services)
    .where(
      and(
        eq(services.orderId, orderId),
        eq(services.type, 'domain'),
        eq(services.status, 'active'),
      ),
    );
  return rows.map((r) => ({ ...r, domain: (r.details as { domain: string }).domain }));
}

export async function storeDefaultTemplate(db: AppDb, storeKey: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(dnsStoreDefaults)
    .where(eq(dnsStoreDefaults.storeKey, storeKey));
  return row?.template ?? null;
}

export async function setStoreDefaultTemplate(db: AppDb, storeKey: string, template: string) {
  await db
    .insert(dnsStoreDefaults)
    .values({ storeKey, template })
    .onConflictDoUpdate({ target: dnsStoreDefaults.storeKey, set: { template } });
}
