import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { storePaymentAccounts } from '@/lib/db/schema';

/** The only code that knows how a store's own Stripe account is stored (decision 0230). */

export type StorePaymentAccountRow = typeof storePaymentAccounts.$inferSelect;

export async function findStorePaymentAccount(
  db: AppDb,
  storeId: string,
): Promise<StorePaymentAccountRow | null> {
  const [row] = await db
    .select()
    .from(storePaymentAccounts)
    .where(eq(storePaymentAccounts.storeId, storeId));
  return row ?? null;
}

/** The store whose own Stripe account this is, if any (Connect events name the account). */
export async function findStorePaymentAccountByStripe(
  db: AppDb,
  stripeAccount: string,
): Promise<StorePaymentAccountRow | null> {
  const [row] = await db
    .select()
    .from(storePaymentAccounts)
    .where(eq(storePaymentAccounts.stripeAccount, stripeAccount));
  return row ?? null;
}

/** The store's account locked for a change, in the caller's transaction. */
export async function lockStorePaymentAccount(
  tx: AppDb,
  storeId: string,
): Promise<StorePaymentAccountRow | null> {
  const [row] = await tx
    .select()
    .from(storePaymentAccounts)
    .where(eq(storePaymentAccounts.storeId, storeId))
    .for('update');
  return row ?? null;
}

/** Keeps a new account in onboarding; null when the store has one already (kept as it is). */
export async function insertStorePaymentAccount(
  tx: AppDb,
  values: { storeId: string; stripeAccount: string; now: Date },
): Promise<StorePaymentAccountRow | null> {
  const [made] = await tx
    .insert(storePaymentAccounts)
    .values({
      storeId: values.storeId,
      stripeAccount: values.stripeAccount,
      status: 'onboarding',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing({ target: storePaymentAccounts.storeId })
    .returning();
  return made ?? null;
}

/**
 * Sets the store's account's status: `active` once Stripe says it takes charges, `onboarding` again
 * when Stripe stops it taking them (decision 0278), until the owner gives Stripe what it asks.
 */
export async function setStorePaymentAccountStatus(
  tx: AppDb,
  storeId: string,
  status: StorePaymentAccountRow['status'],
  now: Date,
): Promise<StorePaymentAccountRow> {
  const [row] = await tx
    .update(storePaymentAccounts)
    .set({ status, updatedAt: now })
    .where(eq(storePaymentAccounts.storeId, storeId))
    .returning();
  return row!;
}

export async function deleteStorePaymentAccount(tx: AppDb, storeId: string): Promise<void> {
  await tx.delete(storePaymentAccounts).where(eq(storePaymentAccounts.storeId, storeId));
}
