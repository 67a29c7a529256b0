import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { billingOf } from '@/features/billing/server/billing.server';
import type { Order, PostalAddress } from '@/features/orders/order-types';
import {
  createOrder,
  orderById,
  type OrderRow,
  type PricedLine,
} from '@/features/orders/server/orders.server';
import { configuredProviderName } from '@/features/payments/server/provider-config.server';
import { priceLine, priceUnits, sumLines } from '@/features/pricing/money';
import type { ServiceRow } from '@/features/services/server/services.server';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import { restorePrice } from '../restore-price';

/**
 * A service's renewal bill (docs/decisions/0101): an order of kind `renewal` whose lines name the
 * service. Priced from the service's recorded renewal price (what the customer was shown as
 * "then … yearly/monthly" when buying); a restore adds the store's restore price for the TLD.
 */

/** The store's price list has no restore price for the domain's TLD any more. */
export function restoreNotSold(domain: string): ApiError {
  return new ApiError(
    422,
    'restore_not_sold',
    `${domain} cannot be restored here: this store no longer sells its extension.`,
  );
}

const NO_RECURRING = { net: 0, vat: 0, gross: 0 };

export type BillInput = {
  /** Domains: years to add (1-10). */
  years: number;
  /** A domain in redemption: the restore fee comes first. */
  restore: boolean;
  /** When it is due: the expiry or renewal day. */
  dueAt: Date;
  /** When an unpaid bill is given up (the service is released then). */
  expiresAt: Date;
  now: Date;
};

function linesFor(
  row: ServiceRow,
  store: Store,
  siteVersion: SiteVersionId,
  input: BillInput,
): PricedLine[] {
  const rate = SITE_VERSIONS[siteVersion].vatRateBp;
  // Every figure is the unit's price times the units: a total is never divided back into units.
  const recurring = priceLine(row.unitNet, rate);
  switch (row.type) {
    case 'domain': {
      const domain = row.details.domain;
      const renewal = priceUnits(row.unitNet, input.years, rate);
      const lines: PricedLine[] = [];
      if (input.restore) {
        const fee = restorePrice(store, siteVersion, domain);
        if (!fee) throw restoreNotSold(domain);
        lines.push({
          type: 'domain_restore',
          label: row.name,
          domain,
          serviceId: row.id,
          quantity: 1,
          unit: fee,
          total: fee,
          vatRateBp: rate,
          recurring: { ...NO_RECURRING, period: 'year' },
        });
      }
      lines.push({
        type: 'domain_renewal',
        label: row.name,
        domain,
        years: input.years,
        serviceId: row.id,
        quantity: 1,
        unit: renewal,
        total: renewal,
        vatRateBp: rate,
        recurring: { ...recurring, period: 'year' },
      });
      return lines;
    }
    case 'number':
      return [
        {
          type: 'number_renewal',
          label: row.name,
          number: row.details.number,
          serviceId: row.id,
          quantity: 1,
          unit: recurring,
          total: recurring,
          vatRateBp: rate,
          recurring: { ...recurring, period: 'month' },
        },
      ];
    case 'domain_transfer':
      // Nothing bills a transfer: it becomes a domain, renewed as one, once it has arrived.
      throw new Error(`service ${row.id} is a transfer: it has no renewal bill`);
    case 'plan': {
      // The bill is for the seats of the coming month, each at the seat's price.
      const next = row.nextSeats ?? row.seats ?? 1;
      const unit = priceLine(row.unitNet, rate);
      const total = priceUnits(row.unitNet, next, rate);
      return [
        {
          type: 'plan_renewal',
          label: row.name,
          plan: row.details.plan,
          users: next,
          serviceId: row.id,
          quantity: next,
          unit,
          total,
          vatRateBp: rate,
          recurring: { ...total, period: 'month' },
        },
      ];
    }
  }
}

/**
 * Makes the service's renewal bill in the caller's transaction, billed to the account's billing
 * details as they are now (the first order's when there are none), on the host the service was
 * sold on (`store`, resolved by the caller outside the transaction). Answers the order row.
 */
export async function billService(
  tx: AppDb,
  row: ServiceRow,
  input: BillInput & { store: Store },
): Promise<{ order: OrderRow }> {
  const first = await orderById(tx, row.orderId);
  if (!first) throw new Error(`service ${row.id} has no order`);
  const { store } = input;
  const siteVersion = first.order.siteVersion;
  const lines = linesFor(row, store, siteVersion, input);
  const current = await billingOf(row.accountId, tx);
  const billing = (current ?? first.order.billing) as Order['billing'];
  const { order } = await createOrder(tx, {
    store,
    storeHost: first.order.storeHost,
    email: first.order.email,
    accountId: row.accountId,
    userId: first.order.userId,
    siteVersion,
    provider: configuredProviderName(),
    lines,
    totals: sumLines(lines.map((l) => l.total)),
    billing,
    registrant: (first.order.registrant as Order['registrant']) ?? null,
    numberAddresses: {} as Record<string, PostalAddress>,
    savePaymentMethod: false,
    now: input.now,
    expiresAt: input.expiresAt,
    kind: 'renewal',
    dueAt: input.dueAt,
  });
  return { order };
}
