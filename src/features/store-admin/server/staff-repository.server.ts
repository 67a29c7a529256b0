import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { storeStaff, users } from '@/lib/db/schema';

/** The only code that knows how a store's staff are stored. */

export type StaffRow = {
  id: string;
  storeId: string;
  userId: string;
  role: string;
  createdAt: Date;
};

const columns = {
  id: storeStaff.id,
  storeId: storeStaff.storeId,
  userId: storeStaff.userId,
  role: storeStaff.role,
  createdAt: storeStaff.createdAt,
};

/** The staff row of a person in a store, or null. */
export async function findStaff(
  db: AppDb,
  storeId: string,
  userId: string,
): Promise<StaffRow | null> {
  const [row] = await db
    .select(columns)
    .from(storeStaff)
    .where(and(eq(storeStaff.storeId, storeId), eq(storeStaff.userId, userId)));
  return row ?? null;
}

/** A staff row by its id, in this store only (locked for the transaction when asked). */
export async function findStaffById(
  db: AppDb,
  storeId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<StaffRow | null> {
  const query = db
    .select(columns)
    .from(storeStaff)
    .where(and(eq(storeStaff.storeId, storeId), eq(storeStaff.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export type StaffListRow = StaffRow & { email: string; name: string };

/** A store's staff with their names and addresses, owners first, then by when they joined. */
export async function listStaff(db: AppDb, storeId: string): Promise<StaffListRow[]> {
  return db
    .select({ ...columns, email: users.email, name: users.name })
    .from(storeStaff)
    .innerJoin(users, eq(users.id, storeStaff.userId))
    .where(eq(storeStaff.storeId, storeId))
    .orderBy(
      sql`case when ${storeStaff.role} = 'store_owner' then 0 else 1 end`,
      asc(storeStaff.createdAt),
      asc(storeStaff.id),
    );
}

/**
 * Adds a person to a store's staff, or keeps the row they have (answers it either way, and
 * whether it was made now): accepting the same invitation twice makes one row.
 */
export async function insertStaff(
  db: AppDb,
  values: { storeId: string; userId: string; role: string; createdAt: Date },
): Promise<{ row: StaffRow; created: boolean }> {
  const [made] = await db
    .insert(storeStaff)
    .values(values)
    .onConflictDoNothing()
    .returning(columns);
  if (made) return { row: made, created: true };
  const kept = await findStaff(db, values.storeId, values.userId);
  return { row: kept!, created: false };
}

export async function deleteStaff(db: AppDb, storeId: string, id: string): Promise<void> {
  await db.delete(storeStaff).where(and(eq(storeStaff.storeId, storeId), eq(storeStaff.id, id)));
}

/**
 * Locks every owner row of a store and answers how many there are: removing an owner counts
 * them under the lock, so two parallel removals cannot leave a store with none.
 */
export async function lockOwners(db: AppDb, storeId: string): Promise<number> {
  const rows = await db
    .select({ id: storeStaff.id })
    .from(storeStaff)
    .where(and(eq(storeStaff.storeId, storeId), eq(storeStaff.role, 'store_owner')))
    .for('update');
  return rows.length;
}

/** The staff row of the store's person with this address, or null. */
export async function findStaffByEmail(
  db: AppDb,
  storeId: string,
  email: string,
): Promise<StaffRow | null> {
  const [row] = await db
    .select(columns)
    .from(storeStaff)
    .innerJoin(users, eq(users.id, storeStaff.userId))
    .where(and(eq(storeStaff.storeId, storeId), eq(users.email, email)));
  return row ?? null;
}

/** How many staff rows the store has (the demo seed gives a store its owner only once). */
export async function countStaff(db: AppDb, storeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeStaff)
    .where(eq(storeStaff.storeId, storeId));
  return row?.n ?? 0;
}
