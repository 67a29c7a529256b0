import type { MoneyLine } from '@/features/pricing/money';

/** Services as the API answers them (GET /api/services, issue 14); types only. */

export type ServiceType = 'domain' | 'domain_transfer' | 'number' | 'plan';
export type ServiceStatus = 'active' | 'pending_transfer' | 'failed';

export type Service = {
  id: string;
  type: ServiceType;
  name: string;
  status: ServiceStatus;
  period: 'month' | 'year';
  seats: number | null;
  started_at: string;
  renews_at: string | null;
  expires_at: string | null;
  auto_renew: boolean;
  /** What each renewal costs (the order's recurring price), in `currency`. */
  price: MoneyLine;
  currency: 'GBP' | 'USD';
  order_id: string;
};
