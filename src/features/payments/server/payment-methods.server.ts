import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { recordActivity, type ActivityActor } from '@/features/activity/server/activity.server';
import type { PaymentMethodView } from '../payment-types';
import {
  deleteMethod,
  listMethods,
  setDefaultMethod,
  type PaymentMethodRow,
} from './payments-repository.server';

/**
 * The payment methods an account kept for renewals (decision 0103): listed, one
 * chosen as the default, removed. Services charged to a removed method fall back to the default;
 * when the default goes, the newest remaining method becomes the default.
 */

type Caller = { accountId: string; storeKey: string; actor: ActivityActor };

export const paymentMethodNotFound = () =>
  new ApiError(404, 'payment_method_not_found', 'There is no such payment method in your account.');

const view = (row: PaymentMethodRow): PaymentMethodView => ({
  id: row.id,
  provider: row.provider,
  label: row.label,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

/** The account's kept methods, newest first (GET /api/account/payment-methods). */
export async function accountPaymentMethodViews(scope: {
  accountId: string;
}): Promise<PaymentMethodView[]> {
  return (await listMethods(await appDb(), scope.accountId)).map(view);
}

/** Makes a method the one renewals are charged to. */
export async function chooseDefaultMethod(
  caller: Caller,
  id: string,
): Promise<PaymentMethodView[]> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    if (!(await setDefaultMethod(tx, caller.accountId, id))) throw paymentMethodNotFound();
    const label = (await listMethods(tx, caller.accountId)).find((m) => m.id === id)?.label ?? '';
    await recordActivity(
      { ...caller, action: 'payment_method.default_changed', target: label },
      tx,
    );
  });
  return accountPaymentMethodViews(caller);
}

/** Removes a kept method; the newest remaining one becomes the default if it was. */
export async function removePaymentMethod(
  caller: Caller,
  id: string,
): Promise<PaymentMethodView[]> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    const removed = await deleteMethod(tx, caller.accountId, id);
    if (!removed) throw paymentMethodNotFound();
    const [newest] = await listMethods(tx, caller.accountId);
    if (removed.isDefault && newest) await setDefaultMethod(tx, caller.accountId, newest.id);
    await recordActivity(
      { ...caller, action: 'payment_method.removed', target: removed.label },
      tx,
    );
  });
  return accountPaymentMethodViews(caller);
}
