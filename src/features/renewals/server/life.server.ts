import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { logger } from '@/lib/logger';
import { serviceById, type ServiceRow } from '@/features/services/server/services.server';
import { chargeableMethod } from '@/features/purchase/server/charge.server';
import { chargeIfDue } from './life-charge.server';
import { runStep, storeOf, type Outside, type Step } from './life-context.server';
import { domainSteps, monthlySteps } from './life-steps.server';
import { openBillId } from './renewals-repository.server';

/**
 * The life of a service (docs/decisions/0101 and 0103), step by step on the product's clock: the
 * steps (life-steps), the charge tries (life-charge) and what they run with (life-context) apply
 * here in order. Each step runs in its own transaction under the service's row lock and is
 * recorded in `service_steps` with its effect, keyed by the cycle (the expiry or renewal day it
 * belongs to): a second worker, a retry or a later tick finds it done.
 */

/**
 * Brings a service up to the product's time: every step of its life that is due and has not
 * happened, in order, and at most one charge try. Safe to run any number of times, anywhere.
 */
export async function advanceService(serviceId: string): Promise<void> {
  let row = await serviceById(serviceId);
  if (!row) return;
  const store = await storeOf(row);
  if (!store) {
    logger.warn({ service_id: serviceId }, 'no store serves this service any more: its life waits');
    return;
  }
  const outside: Outside = {
    store,
    method: row.autoRenew ? await chargeableMethod(row.accountId, row.paymentMethodId) : null,
  };
  const steps =
    row.type === 'domain'
      ? domainSteps(outside)
      : row.type === 'number' || row.type === 'plan'
        ? monthlySteps(outside)
        : [];
  const db = await appDb();
  let hasBill = (await openBillId(db, serviceId)) !== null;
  // A step is tried (in its own locked transaction, where it is checked again) only when the
  // service as last read says it may apply: most runs then open one or two transactions.
  const tryStep = async (step: (r: ServiceRow) => Step | null): Promise<void> => {
    const s = row && step(row);
    if (!row || !s || !s.when(row, clockNow(), hasBill)) return;
    if (!(await runStep(serviceId, step))) return;
    row = await serviceById(serviceId);
    hasBill = (await openBillId(db, serviceId)) !== null;
  };
  // Billing first, then a charge (which may pay and move the cycle on), then the lapse steps.
  const billStep = steps[row.type === 'domain' ? 0 : 1];
  if (billStep) await tryStep(billStep);
  if (hasBill && outside.method && row?.autoRenew) {
    await chargeIfDue(serviceId, outside);
    row = await serviceById(serviceId);
    hasBill = (await openBillId(db, serviceId)) !== null;
  }
  for (const step of steps) await tryStep(step);
}
