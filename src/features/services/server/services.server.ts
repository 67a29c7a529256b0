import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { Service, ServiceStatus, ServiceType } from '../service-types';
import { listAccountServices, type ServiceRow } from './services-repository.server';

export function serviceView(row: ServiceRow): Service {
  return {
    id: row.id,
    type: row.type as ServiceType,
    name: row.name,
    status: row.status as ServiceStatus,
    period: row.period === 'month' ? 'month' : 'year',
    seats: row.seats,
    started_at: row.startedAt.toISOString(),
    renews_at: row.renewsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    auto_renew: row.autoRenew,
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
  return (await listAccountServices(await appDb(), scope.accountId, scope.storeKey)).map(
    serviceView,
  );
}
