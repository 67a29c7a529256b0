import 'server-only';
import { eq } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { storePaymentAccounts } from '@/lib/db/schema';
import { isUuid } from '@/lib/uuid';
import type { Supplier } from '@/features/orders/order-types';
import { platformSupplierOf, supplierOf } from '@/features/orders/server/supplier';
import type { Store } from '@/features/tenancy/store-types';

/**
 * Who sells and is paid for a store's orders (issue 26 point 12, decisions 0230 and 0231): the
 * store itself when it has an active connected Stripe account (charges go to that account and
 * the store is the supplier), else the platform (its own account, and the platform as supplier).
 * The built-in brands are the platform's own stores: they are paid into its account and are
 * their own suppliers, as before.
 */

export type StorePaymentAccountRow = typeof storePaymentAccounts.$inferSelect;

export type MerchantOfRecord = 'platform' | 'store';

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

/** The store whose connected account this is, if any store has it. */
export async function storeOfStripeAccount(
  db: AppDb,
  stripeAccount: string,
): Promise<StorePaymentAccountRow | null> {
  const [row] = await db
    .select()
    .from(storePaymentAccounts)
    .where(eq(storePaymentAccounts.stripeAccount, stripeAccount));
  return row ?? null;
}

/**
 * What an order placed now records: the account its charges go to (null: the platform's) and
 * its supplier, taken together so that the invoice always names the one who is paid.
 */
export async function merchantFor(
  db: AppDb,
  store: Store,
): Promise<{
  merchantOfRecord: MerchantOfRecord;
  stripeAccount: string | null;
  supplier: Supplier;
}> {
  // Built-in brands are keyed by name, stored stores by their id.
  if (!isUuid(store.key)) {
    return { merchantOfRecord: 'platform', stripeAccount: null, supplier: supplierOf(store) };
  }
  const account = await findStorePaymentAccount(db, store.key);
  if (account?.status === 'active') {
    return {
      merchantOfRecord: 'store',
      stripeAccount: account.stripeAccount,
      supplier: supplierOf(store),
    };
  }
  return { merchantOfRecord: 'platform', stripeAccount: null, supplier: platformSupplierOf(store) };
}
