/**
 * What the typed columns of schema.ts hold (`$type<>()`): the values their checks allow and the
 * shapes of their JSON, so a row read is typed without a cast (docs/decisions/0152). Types only;
 * the features' own types are these or built from them.
 */

/** Site versions: 1 = GBP with UK VAT, 2 = USD without VAT. */
export type StoredSiteVersion = 1 | 2;
export type StoredCurrency = 'GBP' | 'USD';
export type StoredPeriod = 'month' | 'year';

export type StoredServiceType = 'domain' | 'domain_transfer' | 'number' | 'plan';
/** A service's stored status (`expiring` and `transferring` are only ever shown, never stored). */
export type StoredServiceStatus =
  | 'active'
  | 'pending_transfer'
  | 'expired'
  | 'redemption'
  | 'suspended'
  | 'released'
  | 'cancelled'
  | 'failed';

/** A payment provider's name as payments, methods and orders keep it. */
export type StoredProviderName = 'demo' | 'manual' | 'stripe';

/** The billing details an order keeps as they were when it was placed (the billing feature's shape). */
export type StoredBilling = {
  name: string;
  company?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postcode: string;
  country: string;
  vat_number?: string | null;
};

export type StoredOrderKind = 'purchase' | 'renewal';
export type StoredOrderStatus =
  'awaiting_payment' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded';
export type StoredPaymentStatus =
  | 'requires_payment'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'failed'
  | 'refunded';

/** A postal address as a service keeps it (a number's registered and emergency address). */
export type StoredAddress = {
  name?: string | null;
  company?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postcode: string;
  country: string;
};

/** The inventory row a sold number came from, kept to put it back when the number is released. */
export type StoredInventoryNumber = {
  number: string;
  siteVersion: number;
  area: string;
  national: string;
  monthlyNet: number;
};

export type DomainDetails = {
  domain: string;
  years?: number;
  registrant?: unknown;
  nameservers?: string[];
  locked?: boolean;
  /** Sealed with the server's key (services' auth-code call). */
  auth_code?: string;
};
export type DomainTransferDetails = { domain: string; registrant?: unknown };
export type NumberDetails = {
  number: string;
  address?: StoredAddress | null;
  emergency_address?: StoredAddress | null;
  inventory?: StoredInventoryNumber | null;
  forward_to?: string | null;
  label?: string;
  ring_seconds?: number;
  voicemail_email?: string | null;
};
export type PlanDetails = { plan: string };

/** A service's `details`, by its `type`. */
export type ServiceDetailsByType = {
  domain: DomainDetails;
  domain_transfer: DomainTransferDetails;
  number: NumberDetails;
  plan: PlanDetails;
};
export type ServiceDetails = ServiceDetailsByType[StoredServiceType];
