import 'server-only';
import { randomUUID } from 'node:crypto';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { logger } from '@/lib/logger';
import type { Supplier } from '@/features/orders/order-types';
import {
  deleteStorePaymentAccount,
  findStorePaymentAccount,
  findStorePaymentAccountByStripe,
  insertStorePaymentAccount,
  lockStorePaymentAccount,
  merchantFor,
  setStorePaymentAccountStatus,
  type MerchantOfRecord,
  type StorePaymentAccountRow,
} from '@/features/orders/server/merchant.server';
import {
  accountChargeState,
  stripeUnavailable,
  createConnectedAccount,
  onboardingLink,
} from '@/features/payments/server/stripe-connect.server';
import { storeUrl } from '@/features/tenancy/store-address';
import { announceStoreChange, applyStoreChange } from '@/features/tenancy/server/store-sync.server';
import { storeHostsOf } from '../../prices/server/prices-repository.server';
import { insertAdminAudit, type AdminAuditScope } from '../../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';

/**
 * The store's payment account in its admin (issue 26 point 12, decisions 0230-0232): which merchant
 * of record applies, connecting the store's own Stripe account through Stripe's Connect
 * Onboarding, and disconnecting it. Each change is kept in the admin's audit with the change.
 */

export type PaymentAccountView = {
  id: string;
  /**
   * `onboarding`: made, and Stripe still needs the owner's details (first time, or again after
   * Stripe restricted it); `active`: it takes charges.
   */
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

/**
 * The store's pages that name its seller (the terms and privacy notice) are rendered again, here
 * and on the other instances: a store that starts or stops selling in its own name says so.
 */
function sellerChanged(hosts: readonly string[]): void {
  applyStoreChange(hosts);
  announceStoreChange(hosts);
}

/** Who made an account active when no staff member did: Stripe's own event. */
const STRIPE_EVENT: AdminAuditScope['actor'] = {
  userId: null,
  label: 'Stripe (the account can take charges)',
};

/** Who took an account's charges away: Stripe, whoever noticed. */
const STRIPE_RESTRICTED: AdminAuditScope['actor'] = {
  userId: null,
  label: 'Stripe (the account can no longer take charges)',
};

/** At most this many asks of Stripe for one look or event (each change is followed by one more). */
const FOLLOW_ROUNDS = 3;

/**
 * Brings the store's account to what Stripe says now (decisions 0271, 0278): `active` when it takes
 * charges, `onboarding` when it does not, each change in one transaction under the account's row
 * lock with its audit entry. A look or event that changed the status asks Stripe once more, so
 * whatever order looks and events commit in, the last word is an answer Stripe gave after the last
 * change; Stripe is never asked while the lock is held. `activatedBy` is who an activation is
 * credited to (the owner who looked, or Stripe's event); a restriction is always Stripe's, with its
 * reason. Stripe unreachable: a look keeps the account as it is (the next look asks again); an
 * event throws, so Stripe sends the event again. Answers the store's account as it is now (null
 * when it was disconnected meanwhile).
 */
async function followStripe(
  activatedBy: AdminAuditScope,
  row: StorePaymentAccountRow,
  unreachable: 'keep' | 'throw',
): Promise<StorePaymentAccountRow | null> {
  let current: StorePaymentAccountRow | null = row;
  for (let round = 0; round < FOLLOW_ROUNDS; round++) {
    let stripeSays: { canCharge: boolean; reason: string | null };
    try {
      stripeSays = await accountChargeState(row.stripeAccount);
    } catch (error) {
      logger.warn(
        { err: error, store_id: activatedBy.storeId, account: row.stripeAccount },
        'could not ask Stripe whether a connected account can take charges',
      );
      // An event answers 503, which Stripe takes as "send it again later".
      if (unreachable === 'throw') throw stripeUnavailable();
      return current;
    }
    const db = await appDb();
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockStorePaymentAccount(tx, activatedBy.storeId);
      // Disconnected, or another account connected meanwhile: nothing of this one to change.
      if (!locked || locked.stripeAccount !== row.stripeAccount) return { row: locked };
      const status = stripeSays.canCharge ? 'active' : 'onboarding';
      if (locked.status === status) return { row: locked };
      const updated = await setStorePaymentAccountStatus(
        tx,
        activatedBy.storeId,
        status,
        clockNow(),
      );
      const account = row.stripeAccount;
      await insertAdminAudit(
        tx,
        stripeSays.canCharge
          ? activatedBy
          : { storeId: activatedBy.storeId, actor: STRIPE_RESTRICTED, ip: null },
        stripeSays.canCharge
          ? {
              action: 'payments.account_active',
              target: account,
              before: { merchant_of_record: 'platform', account, status: 'onboarding' },
              after: { merchant_of_record: 'store', account, status: 'active' },
            }
          : {
              action: 'payments.account_restricted',
              target: account,
              before: { merchant_of_record: 'store', account, status: 'active' },
              after: {
                merchant_of_record: 'platform',
                account,
                status: 'onboarding',
                reason: stripeSays.reason ?? 'unknown',
              },
            },
      );
      return { row: updated, changed: true, hosts: await storeHostsOf(tx, activatedBy.storeId) };
    });
    current = outcome.row;
    if (!outcome.changed) return current;
    sellerChanged(outcome.hosts);
    if (!stripeSays.canCharge) {
      logger.warn(
        { store_id: activatedBy.storeId, account: row.stripeAccount, reason: stripeSays.reason },
        'Stripe stopped a store account taking charges: the store sells under the platform',
      );
    }
  }
  return current;
}

/**
 * Stripe's `account.updated` for a connected account: the store's account follows what Stripe,
 * asked again (the event's copy may be older than the account), says now. An account no store
 * has changes nothing.
 */
export async function connectedAccountUpdated(stripeAccount: string): Promise<void> {
  const row = await findStorePaymentAccountByStripe(await appDb(), stripeAccount);
  if (!row) return;
  await followStripe({ storeId: row.storeId, actor: STRIPE_EVENT, ip: null }, row, 'throw');
}

/** `GET /api/store-admin/payments`: who is paid and named on new invoices. */
export async function paymentsState(staff: StaffContext): Promise<PaymentsView> {
  let row = await findStorePaymentAccount(await appDb(), staff.storeId);
  if (row?.status === 'onboarding') row = await followStripe(auditScope(staff), row, 'keep');
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
  const hosts = await db.transaction(async (tx) => {
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
    return storeHostsOf(tx, staff.storeId);
  });
  sellerChanged(hosts);
  return viewOf(staff, null);
}
