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

/**
 * A credit note as its customer reads it: what a refund by the store gave back against one
 * invoice (docs/decisions/0182, 0323). Its amounts are what was given back, written as positive
 * numbers as on the document itself; pages show them as money off (`-£9.60`).
 */
export type CreditNote = {
  id: string;
  number: string;
  /** The invoice it corrects. */
  invoice_id: string;
  invoice_number: string;
  order_id: string;
  order_number: string;
  issued_at: string;
  currency: 'GBP' | 'USD';
  site_version: SiteVersionId;
  shows_vat: boolean;
  supplier: Supplier;
  customer: Order['billing'];
  /** The invoice's lines given back, each whole. */
  lines: InvoiceLine[];
  totals: MoneyLine;
};

/**
 * A credit note as an order names it: enough to list and open it, and the ids of the order's
 * lines it refunds, so the order page marks them (0331).
 */
export type CreditNoteBrief = Pick<CreditNote, 'id' | 'number' | 'issued_at' | 'totals'> & {
  line_ids: string[];
};
