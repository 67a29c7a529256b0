import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { isUuid } from '@/lib/uuid';
import type { Store } from '@/features/tenancy/store-types';
import type { Supplier } from '../order-types';
import { findStorePaymentAccount } from './store-payment-accounts-repository.server';
import { platformSupplierOf, supplierOf } from './supplier';

/**
 * Who sells and is paid for a store's orders (issue 26 point 12, decisions 0230 and 0231): the
 * store itself when it has an active connected Stripe account (charges go to that account and
 * the store is the supplier), else the platform (its own account, and the platform as supplier).
 * The built-in brands are the platform's own stores: they are paid into its account and are
 * their own suppliers, as before.
 */

export {
  deleteStorePaymentAccount,
  findStorePaymentAccount,
  findStorePaymentAccountByStripe,
  insertStorePaymentAccount,
  lockStorePaymentAccount,
  setStorePaymentAccountStatus,
  type StorePaymentAccountRow,
} from './store-payment-accounts-repository.server';

export type MerchantOfRecord = 'platform' | 'store';

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

/**
 * Who sells a white-label store's orders when it is not the store itself (the platform, while
 * the store has no active account of its own), for the texts that name the seller; null when
 * the store sells and invoices in its own name.
 */
export async function sellerOtherThan(db: AppDb, store: Store): Promise<Supplier | null> {
  const merchant = await merchantFor(db, store);
  return isUuid(store.key) && merchant.merchantOfRecord === 'platform' ? merchant.supplier : null;
}
