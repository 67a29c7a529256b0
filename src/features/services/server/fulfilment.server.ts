import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import {
  extendRegisteredDomain,
  registerSoldDomain,
  takeSoldNumber,
} from '@/features/catalog/server/inventory.server';
import type { Order, OrderLine } from '@/features/orders/order-types';
import type { ServiceDetails, StoredServiceStatus, StoredServiceType } from '@/lib/db/column-types';
import { insertService, lockServiceById, updateService } from './services-repository.server';

/** A date `months` later on the same day of the month, or the month's last day (31 Jan + 1 = 28 Feb). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target;
}

type Planned = {
  type: StoredServiceType;
  status: StoredServiceStatus;
  period: 'month' | 'year';
  seats?: number;
  renewsAt: Date | null;
  expiresAt: Date | null;
  details: ServiceDetails;
};

/** A new domain's name servers: the store's own pair, until the customer names others. */
export function defaultNameservers(storeHost: string): string[] {
  const domain = storeHost.replace(/^www\./, '');
  return [`ns1.${domain}`, `ns2.${domain}`];
}

async function plan(
  tx: AppDb,
  order: Order,
  line: OrderLine,
  now: Date,
  storeHost: string,
): Promise<Planned> {
  switch (line.type) {
    case 'domain_registration': {
      const expiresAt = addMonths(now, 12 * (line.years ?? 1));
      const registered = await registerSoldDomain(tx, { domain: line.domain!, expiresAt });
      return {
        type: 'domain',
        // Taken by someone else between the order and its payment: the store refunds the line.
        status: registered ? 'active' : 'failed',
        period: 'year',
        renewsAt: expiresAt,
        expiresAt,
        details: {
          domain: line.domain!,
          years: line.years,
          registrant: order.registrant,
          nameservers: defaultNameservers(storeHost),
          locked: true,
        },
      };
    }
    case 'domain_transfer':
      return {
        type: 'domain_transfer',
        status: 'pending_transfer',
        period: 'year',
        renewsAt: null,
        expiresAt: null,
        details: { domain: line.domain!, registrant: order.registrant },
      };
    case 'number': {
      const sold = await takeSoldNumber(tx, { number: line.number!, orderId: order.id });
      const address = order.number_addresses[line.number!] ?? null;
      return {
        type: 'number',
        status: sold ? 'active' : 'failed',
        period: 'month',
        renewsAt: addMonths(now, 1),
        expiresAt: null,
        // The inventory row comes back to the inventory when the number is released.
        details: { number: line.number!, address, emergency_address: address, inventory: sold },
      };
    }
    case 'plan':
      return {
        type: 'plan',
        status: 'active',
        period: 'month',
        seats: line.users ?? 1,
        renewsAt: addMonths(now, 1),
        expiresAt: null,
        details: { plan: line.plan! },
      };
    default:
      throw new Error(`a ${line.type} line extends a service; it does not make one`);
  }
}

const ENDED = new Set(['released', 'cancelled', 'failed']);

/**
 * A paid renewal line extends the service it names: a domain's expiry moves on by
 * the years bought (from the old expiry, as registries count), a restore brings a domain back
 * from redemption, a number or plan's renewal day moves on a month (with the seats billed).
 * The service comes back to `active`. A service already ended is left alone: the line is due a
 * refund.
 */
async function extendService(
  tx: AppDb,
  order: Order,
  line: OrderLine,
  accountId: string,
): Promise<void> {
  const row = await lockServiceById(tx, line.service_id!);
  if (!row || row.accountId !== accountId || ENDED.has(row.status)) {
    logger.warn(
      { order_id: order.id, service_id: line.service_id, status: row?.status ?? null },
      'a renewal was paid for a service that has ended: it is due a refund',
    );
    return;
  }
  const back = { status: 'active', lapsedAt: null } as const;
  switch (line.type) {
    case 'domain_renewal': {
      const from = row.expiresAt ?? new Date(order.created_at);
      const expiresAt = addMonths(from, 12 * (line.years ?? 1));
      await updateService(tx, row.id, { ...back, expiresAt, renewsAt: expiresAt });
      if (row.type === 'domain') {
        await extendRegisteredDomain(tx, { domain: row.details.domain, expiresAt });
      }
      return;
    }
    case 'domain_restore':
      await updateService(tx, row.id, back);
      return;
    default: {
      const renewsAt = addMonths(row.renewsAt ?? new Date(order.created_at), 1);
      if (line.type !== 'plan_renewal') {
        await updateService(tx, row.id, { ...back, renewsAt });
        return;
      }
      // The seats billed become the plan's, and what they cost is the period's price; the seat's
      // price (unit) is kept as sold.
      await updateService(tx, row.id, {
        ...back,
        renewsAt,
        seats: line.users ?? row.seats,
        nextSeats: null,
        priceNet: line.recurring.net,
        priceVat: line.recurring.vat,
        priceGross: line.recurring.gross,
      });
    }
  }
}

/**
 * What a paid order becomes, inside the payment's transaction: a registered
 * domain in the registry with its expiry, a pending transfer, a number that leaves the inventory,
 * a plan with its seats. One service per order line (unique), so a second run adds nothing.
 * Answers the domains it registered (their cached availability is out of date).
 */
export async function fulfilOrder(
  tx: AppDb,
  input: {
    order: Order;
    storeKey: string;
    /** The host the order was placed on: new domains get its name servers. */
    storeHost: string;
    accountId: string;
    paymentMethodId: string | null;
    now: Date;
  },
): Promise<string[]> {
  const registered: string[] = [];
  for (const line of input.order.lines) {
    if (line.service_id) {
      await extendService(tx, input.order, line, input.accountId);
      continue;
    }
    const planned = await plan(tx, input.order, line, input.now, input.storeHost);
    await insertService(tx, {
      storeKey: input.storeKey,
      accountId: input.accountId,
      orderId: input.order.id,
      orderLineId: line.id,
      type: planned.type,
      // A number's service is named by the number itself (E.164, what the release call asks to
      // be typed again); its label is the same number grouped for people.
      name: line.type === 'number' && line.number ? line.number : line.label,
      status: planned.status,
      period: planned.period,
      seats: planned.seats ?? null,
      startedAt: input.now,
      renewsAt: planned.renewsAt,
      expiresAt: planned.expiresAt,
      autoRenew: true,
      // A plan's unit is its seat; a domain's a year, a number's a month: the recurring price.
      unitNet: line.type === 'plan' ? line.unit.net : line.recurring.net,
      priceNet: line.recurring.net,
      priceVat: line.recurring.vat,
      priceGross: line.recurring.gross,
      currency: input.order.currency,
      paymentMethodId: input.paymentMethodId,
      details: planned.details,
      createdAt: input.now,
    });
    if (planned.type === 'domain' && planned.status === 'active') registered.push(line.domain!);
  }
  return registered;
}
