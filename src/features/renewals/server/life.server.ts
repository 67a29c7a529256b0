import 'server-only';

/**
 * Over the house's 250 lines on purpose: the steps of both kinds of service (domains; numbers and
 * plans), their charge tries and the run that applies them are one state machine, read top to
 * bottom in one file; split, the order of a service's life would be spread over several.
 */
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { logger } from '@/lib/logger';
import { recordActivity, SYSTEM_ACTOR } from '@/features/activity/server/activity.server';
import {
  lockOrderForUpdate,
  markOrderCancelled,
  orderById,
  type OrderRow,
} from '@/features/orders/server/orders.server';
import { endService } from '@/features/services/server/service-actions.server';
import {
  changeService,
  lockServiceForUpdate,
  serviceById,
  type ServiceRow,
} from '@/features/services/server/services.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { billService } from './bill.server';
import {
  chargeableMethod,
  recordCharge,
  runCharge,
} from '@/features/purchase/server/charge.server';
import { sendLifeMail, type LifeMail } from './life-mail.server';
import { claimStep, openBillId } from './renewals-repository.server';

/**
 * The life of a service (docs/decisions/0101 and 0103), step by step on
 * the product's clock. Each step runs in its own transaction under the service's row lock and is
 * recorded in `service_steps` with its effect, keyed by the cycle (the expiry or renewal day it
 * belongs to): a second worker, a retry or a later tick finds it done. Paying the bill moves the
 * cycle on, so the next year's (or month's) steps have new keys.
 */

const DAY = 24 * 60 * 60 * 1000;
const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Days from the due date of each charge try: the first, then after 1, 3 and 5 days. */
const DOMAIN_CHARGES = [-7, -6, -4, -2];
const MONTHLY_CHARGES = [0, 1, 3, 5];

type StepContext = { tx: AppDb; row: ServiceRow; now: Date; bill: OrderRow | null };
type Step = {
  key: string;
  /** Whether the step applies to the service as it is now (read under its lock). */
  when: (row: ServiceRow, now: Date, hasBill: boolean) => boolean;
  run: (ctx: StepContext) => Promise<void>;
};

async function mail(ctx: StepContext, store: Store, m: LifeMail): Promise<void> {
  const first = await orderById(ctx.tx, ctx.row.orderId);
  const to = ctx.bill?.email ?? first?.order.email;
  if (!to) return;
  const billing = (ctx.bill ?? first?.order)?.billing as { name?: string } | undefined;
  await sendLifeMail(ctx.tx, store, {
    to,
    greetingName: billing?.name ?? 'there',
    service: ctx.row.name,
    bill: ctx.bill,
    mail: m,
  });
}

async function storeOf(row: ServiceRow): Promise<Store | null> {
  const first = await orderById(await appDb(), row.orderId);
  return first ? storeService().byHost(first.order.storeHost) : null;
}

/**
 * What the steps need from outside their transactions, read first: on the embedded database a
 * query outside a transaction waits for it to end, so nothing inside may make one.
 */
type Outside = {
  store: Store;
  method: Awaited<ReturnType<typeof chargeableMethod>>;
};

async function activity(ctx: StepContext, action: string): Promise<void> {
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

async function cancelBill(ctx: StepContext): Promise<void> {
  if (!ctx.bill) return;
  const locked = await lockOrderForUpdate(ctx.tx, ctx.bill.id);
  if (locked?.order.status === 'awaiting_payment')
    await markOrderCancelled(ctx.tx, ctx.bill.id, ctx.now);
}

/** Runs one step if it applies and has not happened; answers whether it ran. */
async function runStep(
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

/** The renewal bill of the cycle due at `dueAt` and its mail; unpaid, it lapses `lapseDays` later. */
async function billAndMail(
  ctx: StepContext,
  { store, method }: Outside,
  dueAt: Date,
  lapseDays: number,
): Promise<void> {
  const { order } = await billService(ctx.tx, ctx.row, {
    store,
    years: 1,
    restore: false,
    dueAt,
    expiresAt: at(dueAt, lapseDays),
    now: ctx.now,
  });
  await mail({ ...ctx, bill: order }, store, {
    kind: 'bill',
    dueAt,
    autoCharge: ctx.row.autoRenew && Boolean(method),
  });
}

/** A service ends for good (released, or cancelled at the customer's word), its bill with it. */
async function endWithMail(
  ctx: StepContext,
  store: Store,
  status: 'released' | 'cancelled',
): Promise<void> {
  await cancelBill(ctx);
  await endService(ctx.tx, ctx.row, { status, actor: SYSTEM_ACTOR, action: `service.${status}` });
  await mail({ ...ctx, bill: null }, store, { kind: status });
}

function domainSteps({ store, method }: Outside): ((row: ServiceRow) => Step | null)[] {
  const cycle = (row: ServiceRow) => (row.expiresAt ? ymd(row.expiresAt) : null);
  const E = (row: ServiceRow) => row.expiresAt!;
  const step =
    (name: string, when: Step['when'], run: Step['run']) =>
    (row: ServiceRow): Step | null =>
      cycle(row) ? { key: `${name}:${cycle(row)}`, when, run } : null;
  return [
    step(
      'bill',
      (row, now, hasBill) => !hasBill && row.status !== 'redemption' && now >= at(E(row), -30),
      (ctx) => billAndMail(ctx, { store, method }, E(ctx.row), 60),
    ),
    step(
      'reminder-7',
      (row, now, hasBill) =>
        hasBill && row.status === 'active' && now >= at(E(row), -7) && now < E(row),
      async (ctx) => {
        await mail(ctx, store, {
          kind: 'reminder',
          dueAt: E(ctx.row),
          autoCharge: ctx.row.autoRenew && Boolean(method),
        });
      },
    ),
    step(
      'expired',
      (row, now, hasBill) => hasBill && row.status === 'active' && now >= E(row),
      async (ctx) => {
        await changeService(ctx.tx, ctx.row.id, { status: 'expired', lapsedAt: E(ctx.row) });
        await activity(ctx, 'service.expired');
      },
    ),
    step(
      'after-expiry',
      (row, now) => row.status === 'expired' && now >= at(E(row), 1),
      async (ctx) => mail(ctx, store, { kind: 'expired', until: at(E(ctx.row), 30) }),
    ),
    step(
      'redemption',
      (row, now) => row.status === 'expired' && now >= at(E(row), 30),
      async (ctx) => {
        await cancelBill(ctx);
        await changeService(ctx.tx, ctx.row.id, { status: 'redemption' });
        await activity(ctx, 'service.redemption');
        await mail({ ...ctx, bill: null }, store, {
          kind: 'redemption',
          until: at(E(ctx.row), 60),
        });
      },
    ),
    step(
      'released',
      (row, now) => row.status === 'redemption' && now >= at(E(row), 60),
      (ctx) => endWithMail(ctx, store, 'released'),
    ),
  ];
}

function monthlySteps({ store, method }: Outside): ((row: ServiceRow) => Step | null)[] {
  const R = (row: ServiceRow) => row.renewsAt!;
  const step =
    (name: string, when: Step['when'], run: Step['run']) =>
    (row: ServiceRow): Step | null =>
      row.renewsAt ? { key: `${name}:${ymd(row.renewsAt)}`, when, run } : null;
  return [
    step(
      'cancelled',
      (row, now) => row.cancelAtPeriodEnd && row.status === 'active' && now >= R(row),
      (ctx) => endWithMail(ctx, store, 'cancelled'),
    ),
    step(
      'bill',
      (row, now, hasBill) =>
        !hasBill && !row.cancelAtPeriodEnd && row.status === 'active' && now >= R(row),
      (ctx) => billAndMail(ctx, { store, method }, R(ctx.row), 30),
    ),
    step(
      'suspended',
      (row, now, hasBill) => hasBill && row.status === 'active' && now >= at(R(row), 14),
      async (ctx) => {
        await changeService(ctx.tx, ctx.row.id, { status: 'suspended', lapsedAt: R(ctx.row) });
        await activity(ctx, 'service.suspended');
        await mail(ctx, store, { kind: 'suspended', until: at(R(ctx.row), 30) });
      },
    ),
    step(
      'released',
      (row, now) => row.status === 'suspended' && now >= at(R(row), 30),
      (ctx) => endWithMail(ctx, store, 'released'),
    ),
  ];
}

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
async function chargeIfDue(serviceId: string, { store, method }: Outside): Promise<void> {
  const attempt = await claimCharge(serviceId, method);
  if (!attempt) return;
  const { paymentId, bill, n, cycle, next } = attempt;
  const billing = bill.billing as { name?: string };
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
