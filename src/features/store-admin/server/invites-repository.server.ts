import 'server-only';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { storeStaffInvites } from '@/lib/db/schema';

/** The only code that knows how staff invitations are stored. */

export type InviteRow = {
  id: string;
  storeId: string;
  email: string;
  role: string;
  invitedByUserId: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
};

const columns = {
  id: storeStaffInvites.id,
  storeId: storeStaffInvites.storeId,
  email: storeStaffInvites.email,
  role: storeStaffInvites.role,
  invitedByUserId: storeStaffInvites.invitedByUserId,
  createdAt: storeStaffInvites.createdAt,
  expiresAt: storeStaffInvites.expiresAt,
  acceptedAt: storeStaffInvites.acceptedAt,
};

/** Removes the store's invitations of an address that expired unaccepted by `at`. */
export async function deleteExpiredInvites(
  db: AppDb,
  storeId: string,
  email: string,
  at: Date,
): Promise<void> {
  await db
    .delete(storeStaffInvites)
    .where(
      and(
        eq(storeStaffInvites.storeId, storeId),
        eq(storeStaffInvites.email, email),
        isNull(storeStaffInvites.acceptedAt),
        lte(storeStaffInvites.expiresAt, at),
      ),
    );
}

/**
 * Records an invitation, or answers null when the address already has an open one in the store
 * (the unique index decides between parallel calls).
 */
export async function insertInvite(
  db: AppDb,
  values: {
    storeId: string;
    email: string;
    role: string;
    tokenHash: string;
    invitedByUserId: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<InviteRow | null> {
  const [row] = await db
    .insert(storeStaffInvites)
    .values(values)
    .onConflictDoNothing()
    .returning(columns);
  return row ?? null;
}

/** An invitation by its token's hash, locked for the transaction. */
export async function findInviteByTokenHash(
  db: AppDb,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InviteRow | null> {
  const query = db
    .select(columns)
    .from(storeStaffInvites)
    .where(eq(storeStaffInvites.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markInviteAccepted(
  db: AppDb,
  id: string,
  by: { userId: string; at: Date },
): Promise<void> {
  await db
    .update(storeStaffInvites)
    .set({ acceptedAt: by.at, acceptedByUserId: by.userId })
    .where(eq(storeStaffInvites.id, id));
}

/** The store's invitations not accepted yet (expired ones included, to be shown as such). */
export async function listOpenInvites(db: AppDb, storeId: string): Promise<InviteRow[]> {
  return db
    .select(columns)
    .from(storeStaffInvites)
    .where(and(eq(storeStaffInvites.storeId, storeId), isNull(storeStaffInvites.acceptedAt)))
    .orderBy(storeStaffInvites.createdAt);
}

/** Removes an invitation of this store not accepted yet; answers it, or null when there is none. */
export async function deleteOpenInvite(
  db: AppDb,
  storeId: string,
  id: string,
): Promise<InviteRow | null> {
  const [row] = await db
    .delete(storeStaffInvites)
    .where(
      and(
        eq(storeStaffInvites.storeId, storeId),
        eq(storeStaffInvites.id, id),
        isNull(storeStaffInvites.acceptedAt),
      ),
    )
    .returning(columns);
  return row ?? null;
}
