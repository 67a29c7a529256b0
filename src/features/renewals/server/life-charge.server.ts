import 'server-only';
import { daysAfter as at, now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { logger } from '@/lib/logger';
import { orderById, type OrderRow } from '@/features/orders/server/orders.server';
import { lockServiceForUpdate } from '@/features/services/server/services.server';
import { chargeableMethod, recordCharge, runCharge } from '@/features/purchase/server/charge.server';
import { activity, mail, runStep, ymd, type Outside } from './life-context.server';
import { claimStep, openBillId } from './renewals-repository.server';

/**
 * The renewal's charge tries (docs/decisions/0103): with auto-renew on and a method kept, the
 * unpaid bill is charged on its day and tried again after 1, 3 and 5 days.
 */

/** Days from the due date of each charge try: the first, then after 1, 3 and 5 days. */
const DOMAIN_CHARGES = [-7, -6, -4, -2];
const MONTHLY_CHARGES = [0, 1, 3, 5];

/** A charge try recorded with its step, to be put to the provider. */
type Attempt = {
  paymentId: string;
  bill: OrderRow;
  method: NonNullable<Awaited<ReturnType<typeof chargeableMethod>>>;
  n: number;
  cycle: string;
  next: Date | null;
};

/** Records the charge try that is due, if any, and answers it. */
async function claimCharge(serviceId: string, method: Outside['method']): Promise<Attempt | null> {
  const db = await appDb();
  return db.transaction(async (tx): Promise<Attempt | null> => {
    const now = clockNow();
    const row = await lockServiceForUpdate(tx, serviceId);
    if (!row || !row.autoRenew || !['active', 'suspended', 'expired'].includes(row.status)) {
      return null;
    }
    const base = row.type === 'domain' ? row.expiresAt : row.renewsAt;
    const billId = base ? await openBillId(tx, row.id) : null;
    if (!base || !billId || !method) return null;
    const days = row.type === 'domain' ? DOMAIN_CHARGES : MONTHLY_CHARGES;
    // The latest try that is due: tries a jumping clock skipped are not made up for.
    const n = days.findLastIndex((d) => now >= at(base, d));
    if (n < 0) return null;
    const cycle = ymd(base);
    if (!(await claimStep(tx, { serviceId, step: `charge-${n + 1}:${cycle}`, at: now }))) {
      return null;
    }
    const bill = (await orderById(tx, billId))!.order;
    const next = n + 1 < days.length ? at(base, days[n + 1]!) : null;
    return { paymentId: await recordCharge(tx, bill, method), bill, method, n: n + 1, cycle, next };
  });
}

/**
 * The charge try that is due, if auto-renew is on, a method is kept and the bill is unpaid. The
 * try is recorded with its step; the provider is asked after that transaction; the failure mail
 * is a step of its own.
 */
export async function chargeIfDue(serviceId: string, { store, method }: Outside): Promise<void> {
  const attempt = await claimCharge(serviceId, method);
  if (!attempt) return;
  const { paymentId, bill, n, cycle, next } = attempt;
  const billing = bill.billing;
  const outcome = await runCharge(paymentId, bill, attempt.method, {
    email: bill.email,
    name: billing.name ?? '',
  });
  if (outcome.paid) return;
  logger.info({ service_id: serviceId, order_id: bill.id, try: n }, 'renewal charge declined');
  await runStep(serviceId, () => ({
    key: `charge-${n}-failed:${cycle}`,
    when: () => true,
    run: async (ctx) => {
      await activity(ctx, 'service.charge_failed');
      await mail({ ...ctx, bill }, store, { kind: 'charge_failed', reason: outcome.reason, next });
    },
  }));
}
