import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { Service, ServiceStatus, ServiceType } from '../service-types';
import { listAccountServices, type ServiceRow } from './services-repository.server';

const EXPIRING_MS = 30 * 24 * 60 * 60 * 1000;

/** The status a person sees: an active domain within 30 days of its expiry is `expiring`. */
export function statusOf(row: ServiceRow, now: Date): ServiceStatus {
  const status = row.status as ServiceStatus;
  if (
    status === 'active' &&
    row.type === 'domain' &&
    row.expiresAt &&
    row.expiresAt.getTime() - now.getTime() <= EXPIRING_MS
  ) {
    return 'expiring';
  }
  return status;
}

export function serviceView(row: ServiceRow, now: Date = clockNow()): Service {
  return {
    id: row.id,
    type: row.type as ServiceType,
    name: row.name,
    status: statusOf(row, now),
    period: row.period === 'month' ? 'month' : 'year',
    seats: row.seats,
    started_at: row.startedAt.toISOString(),
    renews_at: row.renewsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    auto_renew: row.autoRenew,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    price: { net: row.priceNet, vat: row.priceVat, gross: row.priceGross },
    currency: row.currency === 'USD' ? 'USD' : 'GBP',
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
