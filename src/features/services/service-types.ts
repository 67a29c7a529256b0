import type { StoredServiceStatus, StoredServiceType } from '@/lib/db/column-types';
import type { MoneyLine } from '@/features/pricing/money';

/** Services as the API answers them (GET /api/services); types only. */

export type ServiceType = StoredServiceType;

/**
 * `expiring` is never stored: an active domain that expires within 30 days reads as expiring.
 * Domains: active → expired (at expiry) → redemption (+30 days) → released (+60 days).
 * Numbers and plans: active → suspended (14 days unpaid) → released (30 days), or cancelled.
 */
export type ServiceStatus = StoredServiceStatus | 'expiring' | 'transferring';

/** Statuses in which a service can no longer be changed or renewed. */
export const ENDED_STATUSES: readonly ServiceStatus[] = ['released', 'cancelled', 'failed'];

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
  /** Numbers and plans: ends at `renews_at` instead of renewing. */
  cancel_at_period_end: boolean;
  /** What each renewal costs (the order's recurring price), in `currency`. */
  price: MoneyLine;
  currency: 'GBP' | 'USD';
  order_id: string;
};

export type ServiceAddress = {
  name?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postcode: string;
  country: string;
};

export type ServiceSettings =
  | { type: 'domain'; domain: string; nameservers: string[]; locked: boolean }
  | { type: 'domain_transfer'; domain: string }
  | {
      type: 'number';
      number: string;
      /** The number as people read it (+44 113 496 0011). */
      display: string;
      forward_to: string | null;
      label: string;
      ring_seconds: number;
      voicemail_email: string | null;
      emergency_address: ServiceAddress | null;
    }
  | {
      type: 'plan';
      plan: string;
      seats: number;
      /** Seats from the next period on, when fewer were asked for. */
      next_seats: number | null;
      /** What the next period will cost for `next_seats` (their count times a seat's price). */
      next_price: { net: number; vat: number; gross: number } | null;
      holders: { user_id: string; name: string; email: string }[];
    };

export type ServiceDetail = Service & { settings: ServiceSettings };
