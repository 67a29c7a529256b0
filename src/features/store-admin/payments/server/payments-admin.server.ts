import 'server-only';
import { randomUUID } from 'node:crypto';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { logger } from '@/lib/logger';
import type { Supplier } from '@/features/orders/order-types';
import {
  activateStorePaymentAccount,
  deleteStorePaymentAccount,
  findStorePaymentAccount,
  findStorePaymentAccountByStripe,
  insertStorePaymentAccount,
  lockStorePaymentAccount,
  merchantFor,
  type MerchantOfRecord,
  type StorePaymentAccountRow,
} from '@/features/orders/server/merchant.server';
import {
  accountCanCharge,
  createConnectedAccount,
  onboardingLink,
} from '@/features/payments/server/stripe-connect.server';
import { storeUrl } from '@/features/tenancy/store-address';
import { insertAdminAudit, type AdminAuditScope } from '../../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';

/**
 * The store's payment account in its admin (issue 26 point 12, decisions 0230-0232): which merchant
 * of record applies, connecting the store's own Stripe account through Stripe's Connect
 * Onboarding, and disconnecting it. Each change is kept in the admin's audit with the change.
 */

export type PaymentAccountView = {
  id: string;
  /** `onboarding`: made, the owner has not finished Stripe's form; `active`: it takes charges. */
  status: 'onboarding' | 'active';
  connected_at: string;
};

export type PaymentsView = {
  merchant_of_record: MerchantOfRecord;
  account: PaymentAccountView | null;
  /** Who new invoices name as supplier (orders placed before keep theirs). */
  supplier: Pick<Supplier, 'legal_name' | 'vat_number' | 'company_number' | 'address'>;
};

const accountView = (row: StorePaymentAccountRow | null): PaymentAccountView | null =>
  row
    ? { id: row.stripeAccount, status: row.status, connected_at: row.createdAt.toISOString() }
    : null;

async function viewOf(staff: StaffContext, row: StorePaymentAccountRow | null) {
  const merchant = await merchantFor(await appDb(), staff.store);
  const s = merchant.supplier;
  return {
    merchant_of_record: merchant.merchantOfRecord,
    account: accountView(row),
    supplier: {
      legal_name: s.legal_name,
      vat_number: s.vat_number,
      company_number: s.company_number,
      address: s.address,
    },
  } satisfies PaymentsView;
}

/** Who made an account active when no staff member did: Stripe's own event. */
const STRIPE_EVENT: AdminAuditScope['actor'] = {
  userId: null,
  label: 'Stripe (the account can take charges)',
};

/**
 * An account still being onboarded becomes active when Stripe says it can take charges: when
 * the owner is back from Stripe's form and the admin looks, or when Stripe's `account.updated`
 * event arrives (decision 0271), whichever comes first; the second finds it active already.
 * Stripe unreachable: a look keeps it as it is (the next look asks again); an event throws, so
 * Stripe sends the event again.
 */
async function activateWhenReady(
  scope: AdminAuditScope,
  row: StorePaymentAccountRow,
  unreachable: 'keep' | 'throw',
): Promise<StorePaymentAccountRow> {
  let ready: boolean;
  try {
    ready = await accountCanCharge(row.stripeAccount);
  } catch (error) {
    if (unreachable === 'throw') throw error;
    logger.warn(
      { err: error, store_id: scope.storeId, account: row.stripeAccount },
      'could not ask Stripe whether a connected account can take charges',
    );
    return row;
  }
  if (!ready) return row;
  const db = await appDb();
  return db.transaction(async (tx) => {
    const locked = await lockStorePaymentAccount(tx, scope.storeId);
    if (!locked || locked.stripeAccount !== row.stripeAccount || locked.status === 'active') {
      return locked ?? row;
    }
    const now = clockNow();
    const updated = await activateStorePaymentAccount(tx, scope.storeId, now);
    await insertAdminAudit(tx, scope, {
      action: 'payments.account_active',
      target: row.stripeAccount,
      before: { merchant_of_record: 'platform', account: row.stripeAccount, status: 'onboarding' },
      after: { merchant_of_record: 'store', account: row.stripeAccount, status: 'active' },
    });
    return updated;
  });
}

/**
 * Stripe's `account.updated` for a connected account: a store's account still being onboarded is
 * made active once Stripe, asked again (the event's copy may be older than the account), says it
 * can take charges. An account no store has, or one already active, changes nothing.
 */
export async function connectedAccountUpdated(stripeAccount: string): Promise<void> {
  const row = await findStorePaymentAccountByStripe(await appDb(), stripeAccount);
  if (!row || row.status !== 'onboarding') return;
  await activateWhenReady({ storeId: row.storeId, actor: STRIPE_EVENT, ip: null }, row, 'throw');
}

/** `GET /api/store-admin/payments`: who is paid and named on new invoices. */
export async function paymentsState(staff: StaffContext): Promise<PaymentsView> {
  let row = await findStorePaymentAccount(await appDb(), staff.storeId);
  if (row?.status === 'onboarding') row = await activateWhenReady(auditScope(staff), row, 'keep');
  return viewOf(staff, row);
}

const alreadyConnected = () =>
  new ApiError(
    409,
    'already_connected',
    'This store already takes payments into its own Stripe account. Disconnect it first to connect another.',
  );

/**
 * `POST /api/store-admin/payments/connect`: makes the store's connected account (once: an
 * account still being onboarded is reused) and answers a single-use Stripe link to its
 * onboarding form; Stripe sends the owner back to /admin/payments.
 */
export async function startConnect(
  staff: StaffContext,
): Promise<{ url: string; expires_at: string } & PaymentsView> {
  const db = await appDb();
  let row = await findStorePaymentAccount(db, staff.storeId);
  if (row?.status === 'active') throw alreadyConnected();
  if (!row) {
    const account = await createConnectedAccount({
      storeId: staff.storeId,
      attempt: randomUUID(),
      email: staff.account.email,
    });
    row = await db.transaction(async (tx) => {
      const now = clockNow();
      const made = await insertStorePaymentAccount(tx, {
        storeId: staff.storeId,
        stripeAccount: account,
        now,
      });
      // Two owners at once: the first account made is the store's; the other is never used.
      if (!made) return (await lockStorePaymentAccount(tx, staff.storeId))!;
      await insertAdminAudit(tx, auditScope(staff), {
        action: 'payments.connect_started',
        target: account,
        before: { merchant_of_record: 'platform', account: null },
        after: { merchant_of_record: 'platform', account, status: 'onboarding' },
      });
      return made;
    });
    if (row.status === 'active') throw alreadyConnected();
  }
  const back = (step: string) => storeUrl(staff.store, `/admin/payments?connect=${step}`);
  const link = await onboardingLink({
    account: row.stripeAccount,
    returnUrl: back('return'),
    refreshUrl: back('refresh'),
  });
  return {
    url: link.url,
    expires_at: link.expiresAt.toISOString(),
    ...(await viewOf(staff, row)),
  };
}

export const notConnected = () =>
  new ApiError(404, 'not_connected', 'This store has no Stripe account connected.');

/**
 * `DELETE /api/store-admin/payments/connect`: the store sells under the platform again from the
 * next order on. Orders placed meanwhile keep their account: their refunds still go through it.
 */
export async function disconnect(staff: StaffContext): Promise<PaymentsView> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    const row = await lockStorePaymentAccount(tx, staff.storeId);
    if (!row) throw notConnected();
    await deleteStorePaymentAccount(tx, staff.storeId);
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'payments.disconnected',
      target: row.stripeAccount,
      before: {
        merchant_of_record: row.status === 'active' ? 'store' : 'platform',
        account: row.stripeAccount,
        status: row.status,
      },
      after: { merchant_of_record: 'platform', account: null },
    });
  });
  return viewOf(staff, null);
}
