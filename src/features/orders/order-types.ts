import type { MoneyLine } from '@/features/pricing/money';
import type { SiteVersionId } from '@/features/site-version/site-version';

/** Orders as the API answers them; types only, for the server and the browser. */

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'fulfilled',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderLineType =
  | 'domain_registration'
  | 'domain_transfer'
  | 'number'
  | 'plan'
  // Renewal orders: each line extends the service it names.
  | 'domain_renewal'
  | 'domain_restore'
  | 'number_renewal'
  | 'plan_renewal';

/** Line types of renewal orders, which extend a service instead of making one. */
export const RENEWAL_LINE_TYPES: readonly OrderLineType[] = [
  'domain_renewal',
  'domain_restore',
  'number_renewal',
  'plan_renewal',
];

export type OrderLine = {
  id: string;
  type: OrderLineType;
  label: string;
  domain?: string;
  years?: number;
  number?: string;
  plan?: string;
  users?: number;
  /** Renewal lines: the service the line extends. */
  service_id?: string;
  quantity: number;
  unit: MoneyLine;
  total: MoneyLine;
  /** Percent, e.g. 20 for UK VAT; 0 in USD. */
  vat_rate: number;
  /** What the line costs again, and how often (renewals of the service it becomes). */
  recurring: MoneyLine & { period: 'month' | 'year' };
};

/** An unpaid renewal bill as the account's invoice list shows it. */
export type Bill = {
  order_id: string;
  number: string;
  /** `overdue` once its due date has passed. */
  status: 'unpaid' | 'overdue';
  due_at: string | null;
  created_at: string;
  currency: 'GBP' | 'USD';
  totals: MoneyLine;
};

/** A postal address with a name, as billing details, registrant and number addresses keep it. */
export type PostalAddress = {
  name?: string | null;
  company?: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postcode: string;
  country: string;
};

/** The store as the seller, as it was when the order was placed. */
export type Supplier = {
  trading_name: string;
  legal_name: string;
  address: string[];
  vat_number: string | null;
  company_number: string | null;
  email: string | null;
  /** The store's time zone: invoice years and dates are the store's. */
  time_zone: string;
  bank: {
    name: string;
    account_name: string;
    sort_code: string | null;
    account_number: string | null;
    iban: string | null;
  } | null;
};

export type Order = {
  id: string;
  number: string;
  status: OrderStatus;
  currency: 'GBP' | 'USD';
  site_version: SiteVersionId;
  provider: string;
  /** `purchase` (a checkout) or `renewal` (a service's renewal or restore). */
  kind: 'purchase' | 'renewal';
  /** A renewal's due date: unpaid after it, the bill is overdue. */
  due_at: string | null;
  /** Where the order's mails go. */
  email: string;
  lines: OrderLine[];
  totals: MoneyLine;
  billing: PostalAddress & { name: string; vat_number: string | null };
  registrant: (PostalAddress & { us_nexus_category?: string | null }) | null;
  number_addresses: Record<string, PostalAddress>;
  supplier: Supplier;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
};
