import 'server-only';
import { daysAfter, now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { RENEWAL_WINDOW_DAYS } from '../renewal-window';
import type { Service, ServiceStatus } from '../service-types';
import type { AppDb } from '@/lib/db/client';
import {
  findServiceById,
  listAccountServices,
  lockServiceById,
  updateService,
  userAccountHoldsDomain,
  type ServiceChange,
  type ServiceRow,
} from './services-repository.server';

/** The status a person sees: an active domain within the renewal window of its expiry is `expiring`. */
export function statusOf(row: ServiceRow, now: Date): ServiceStatus {
  const status: ServiceStatus = row.status;
  if (
    status === 'active' &&
    row.type === 'domain' &&
    row.expiresAt &&
    row.expiresAt <= daysAfter(now, RENEWAL_WINDOW_DAYS)
  ) {
    return 'expiring';
  }
  return status;
}

export function serviceView(row: ServiceRow, now: Date = clockNow()): Service {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: statusOf(row, now),
    period: row.period,
    seats: row.seats,
    started_at: row.startedAt.toISOString(),
    renews_at: row.renewsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    auto_renew: row.autoRenew,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    price: { net: row.priceNet, vat: row.priceVat, gross: row.priceGross },
    currency: row.currency,
    order_id: row.orderId,
  };
}

/** The account's services in this store, newest first (GET /api/services). */
export async function accountServices(scope: {
  accountId: string;
  storeKey: string;
}): Promise<Service[]> {
  const now = clockNow();
  return (await listAccountServices(await appDb(), scope.accountId, scope.storeKey)).map((row) =>
    serviceView(row, now),
  );
}

export type { ServiceRow, ServiceChange };

/** A service under its row lock (the renewal steps hold it while they act). */
export function lockServiceForUpdate(tx: AppDb, id: string): Promise<ServiceRow | null> {
  return lockServiceById(tx, id);
}

/** Changes a service's stored state (status, dates, flags), under the caller's lock. */
export function changeService(tx: AppDb, id: string, change: ServiceChange): Promise<void> {
  return updateService(tx, id, change);
}

/** A service by id for work without a customer (the renewal jobs), read without a lock. */
export async function serviceById(id: string): Promise<ServiceRow | null> {
  return findServiceById(await appDb(), id);
}

/** Whether a user's account already holds a domain here: a transfer of it would bring nothing. */
export async function accountHoldsDomain(input: {
  userId: string;
  storeKey: string;
  domain: string;
}): Promise<boolean> {
  return userAccountHoldsDomain(await appDb(), input);
}
