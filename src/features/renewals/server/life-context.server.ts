import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { recordActivity, SYSTEM_ACTOR } from '@/features/activity/server/activity.server';
import {
  lockOrderForUpdate,
  markOrderCancelled,
  orderById,
  type OrderRow,
} from '@/features/orders/server/orders.server';
import { lockServiceForUpdate, type ServiceRow } from '@/features/services/server/services.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { chargeableMethod } from '@/features/purchase/server/charge.server';
import { sendLifeMail, type LifeMail } from './life-mail.server';
import { claimStep, openBillId } from './renewals-repository.server';

/**
 * What every step of a service's life runs with (docs/decisions/0101 and 0103): its context, its
 * mails and activity, and `runStep`, which applies one step once, in its own transaction under the
 * service's row lock, recorded in `service_steps` with its effect.
 */

/** The day of a cycle, as the steps' keys name it. */
export const ymd = (d: Date) => d.toISOString().slice(0, 10);

export type StepContext = { tx: AppDb; row: ServiceRow; now: Date; bill: OrderRow | null };
export type Step = {
  key: string;
  /** Whether the step applies to the service as it is now (read under its lock). */
  when: (row: ServiceRow, now: Date, hasBill: boolean) => boolean;
  run: (ctx: StepContext) => Promise<void>;
};

export async function mail(ctx: StepContext, store: Store, m: LifeMail): Promise<void> {
  const first = await orderById(ctx.tx, ctx.row.orderId);
  const to = ctx.bill?.email ?? first?.order.email;
  if (!to) return;
  const billing = (ctx.bill ?? first?.order)?.billing;
  await sendLifeMail(ctx.tx, store, {
    to,
    greetingName: billing?.name ?? 'there',
    service: ctx.row.name,
    bill: ctx.bill,
    mail: m,
  });
}

export async function storeOf(row: ServiceRow): Promise<Store | null> {
  const first = await orderById(await appDb(), row.orderId);
  return first ? storeService().byHost(first.order.storeHost) : null;
}

/**
 * What the steps need from outside their transactions, read first: on the embedded database a
 * query outside a transaction waits for it to end, so nothing inside may make one.
 */
export type Outside = {
  store: Store;
  method: Awaited<ReturnType<typeof chargeableMethod>>;
};

export async function activity(ctx: StepContext, action: string): Promise<void> {
  await recordActivity(
    {
      storeKey: ctx.row.storeKey,
      accountId: ctx.row.accountId,
      actor: SYSTEM_ACTOR,
      action,
      target: ctx.row.name,
    },
    ctx.tx,
  );
}

export async function cancelBill(ctx: StepContext): Promise<void> {
  if (!ctx.bill) return;
  const locked = await lockOrderForUpdate(ctx.tx, ctx.bill.id);
  if (locked?.order.status === 'awaiting_payment')
    await markOrderCancelled(ctx.tx, ctx.bill.id, ctx.now);
}

/** Runs one step if it applies and has not happened; answers whether it ran. */
export async function runStep(
  serviceId: string,
  step: (row: ServiceRow) => Step | null,
): Promise<boolean> {
  // Mails are recorded with their delivery job in the step's transaction: the queue runs first.
  await prepareJobQueue();
  const db = await appDb();
  return db.transaction(async (tx) => {
    const now = clockNow();
    const row = await lockServiceForUpdate(tx, serviceId);
    const s = row && step(row);
    if (!row || !s) return false;
    const billId = await openBillId(tx, row.id);
    if (!s.when(row, now, billId !== null)) return false;
    if (!(await claimStep(tx, { serviceId, step: s.key, at: now }))) return false;
    const bill = billId ? ((await orderById(tx, billId))?.order ?? null) : null;
    await s.run({ tx, row, now, bill });
    return true;
  });
}
