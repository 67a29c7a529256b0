import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import type { StoredCurrency } from '@/lib/db/column-types';
import type { Payment, PaymentStatus, ProviderName } from '../payment-types';
import {
  findPayment,
  findPaymentByRef,
  insertEvent,
  insertPayment,
  listMethods,
  listOrderPayments,
  setDefaultMethod,
  lockPayment,
  updatePayment,
  upsertMethod,
  type PaymentMethodRow,
  type PaymentRow,
} from './payments-repository.server';

export type { PaymentRow, PaymentMethodRow };

/**
 * Payment rows: one per attempt to pay an order, in the order's currency and for its amount. The
 * payment feature knows nothing of orders beyond their id: callers pass the amount.
 */

/** Where the customer goes to pay: the store's pay page, or the order (bank transfer). */
export function redirectUrlOf(payment: Pick<PaymentRow, 'id' | 'provider' | 'orderId'>): string {
  return payment.provider === 'manual'
    ? `/orders/${payment.orderId}`
    : `/checkout/pay/${payment.id}`;
}

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status as PaymentStatus,
    redirect_url: redirectUrlOf(row),
    amount: row.amount,
    currency: row.currency,
    failure_message: row.failureMessage,
    created_at: row.createdAt.toISOString(),
  };
}

/** A new attempt to pay `amount` of an order through `provider`, in the caller's transaction. */
export function createPayment(
  tx: AppDb,
  input: {
    orderId: string;
    storeKey: string;
    accountId: string;
    provider: ProviderName;
    amount: number;
    currency: StoredCurrency;
    now: Date;
    /** `processing` for a kept method charged at once; else the customer pays on a page. */
    status?: 'requires_payment' | 'processing';
  },
): Promise<PaymentRow> {
  return insertPayment(tx, {
    orderId: input.orderId,
    storeKey: input.storeKey,
    accountId: input.accountId,
    provider: input.provider,
    status: input.status ?? 'requires_payment',
    amount: input.amount,
    currency: input.currency,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

export async function paymentById(id: string, db?: AppDb): Promise<PaymentRow | null> {
  return findPayment(db ?? (await appDb()), id);
}

export async function paymentByProviderRef(
  provider: ProviderName,
  ref: string,
): Promise<PaymentRow | null> {
  return findPaymentByRef(await appDb(), provider, ref);
}

export function lockPaymentForUpdate(tx: AppDb, id: string): Promise<PaymentRow | null> {
  return lockPayment(tx, id);
}

export async function orderPayments(orderId: string, db?: AppDb): Promise<PaymentRow[]> {
  return listOrderPayments(db ?? (await appDb()), orderId);
}

/** Moves a payment to a new status (the finish step and the providers' outcomes). */
export function setPaymentStatus(
  tx: AppDb,
  id: string,
  input: { status: PaymentStatus; failureMessage?: string | null; now: Date },
): Promise<void> {
  return updatePayment(tx, id, {
    status: input.status,
    failureMessage: input.failureMessage ?? null,
    ...(input.status === 'succeeded' ? { succeededAt: input.now } : {}),
    updatedAt: input.now,
  });
}

/** Keeps the provider's reference of a payment once it exists there. */
export async function setProviderRef(id: string, ref: string, now: Date): Promise<void> {
  await updatePayment(await appDb(), id, { providerRef: ref, updatedAt: now });
}

/** Records a provider event as handled; false when it was handled before. */
export function recordProviderEvent(
  tx: AppDb,
  input: { provider: ProviderName; eventId: string; type: string; now: Date },
): Promise<boolean> {
  return insertEvent(tx, {
    provider: input.provider,
    eventId: input.eventId,
    type: input.type,
    receivedAt: input.now,
  });
}

/** Keeps a method the customer paid with for later charges; answers its id. */
export async function keepPaymentMethod(
  tx: AppDb,
  input: {
    accountId: string;
    storeKey: string;
    provider: ProviderName;
    providerRef: string;
    customerRef: string | null;
    /** The connected account the method lives in; null: the platform's. */
    stripeAccount: string | null;
    label: string;
    now: Date;
  },
): Promise<string> {
  const id = await upsertMethod(tx, {
    accountId: input.accountId,
    storeKey: input.storeKey,
    provider: input.provider,
    providerRef: input.providerRef,
    customerRef: input.customerRef,
    stripeAccount: input.stripeAccount,
    label: input.label,
    createdAt: input.now,
  });
  // The first method an account keeps is the one its renewals are charged to.
  const kept = await listMethods(tx, input.accountId);
  if (!kept.some((m) => m.isDefault)) await setDefaultMethod(tx, input.accountId, id);
  return id;
}

/** The methods an account kept (the dashboard lists them; renewals and bills are charged to them). */
export async function accountPaymentMethods(accountId: string): Promise<PaymentMethodRow[]> {
  return listMethods(await appDb(), accountId);
}
