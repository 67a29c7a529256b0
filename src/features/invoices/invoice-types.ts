import type { MoneyLine } from '@/features/pricing/money';
import type { Order, Supplier } from '@/features/orders/order-types';
import type { SiteVersionId } from '@/features/site-version/site-version';

/** VAT invoices as the API answers them; types only. */

export type InvoiceLine = {
  description: string;
  quantity: number;
  unit_net: number;
  net: number;
  /** Percent (20 for UK VAT); 0 on USD invoices, which show no VAT. */
  vat_rate: number;
  vat: number;
  gross: number;
};

export type Invoice = {
  id: string;
  number: string;
  /** A VAT invoice is issued when its order is paid (unpaid renewals are bills, not invoices). */
  status: 'paid';
  order_id: string;
  order_number: string;
  /** Date of issue. */
  issued_at: string;
  /** Time of supply: when the payment was received. */
  supplied_at: string;
  currency: 'GBP' | 'USD';
  site_version: SiteVersionId;
  /** UK VAT is shown on GBP invoices; USD invoices carry none. */
  shows_vat: boolean;
  supplier: Supplier;
  customer: Order['billing'];
  lines: InvoiceLine[];
  totals: MoneyLine;
};
