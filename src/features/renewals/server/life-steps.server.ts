import 'server-only';
import { daysAfter as at } from '@/lib/clock';
import { SYSTEM_ACTOR } from '@/features/activity/server/activity.server';
import { removeZone } from '@/features/dns/server/dns.server';
import { endService } from '@/features/services/server/service-actions.server';
import { changeService, type ServiceRow } from '@/features/services/server/services.server';
import { RENEWAL_WINDOW_DAYS } from '@/features/services/renewal-window';
import type { Store } from '@/features/tenancy/store-types';
import { billService } from './bill.server';
import {
  activity,
  cancelBill,
  mail,
  ymd,
  type Outside,
  type Step,
  type StepContext,
} from './life-context.server';

/**
 * The steps of each kind of service's life, in the order they happen (docs/decisions/0103): a
 * domain's from its renewal bill to its release, a number's or plan's from its monthly bill to
 * its suspension and release. Each is keyed by its cycle (the expiry or renewal day), so paying
 * the bill, which moves the cycle on, gives the next period's steps new keys.
 */

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
  // A released domain's zone leaves PowerDNS with it (issue 28).
  if (ctx.row.type === 'domain') await removeZone(ctx.tx, ctx.row.id);
  await mail({ ...ctx, bill: null }, store, { kind: status });
}

export function domainSteps({ store, method }: Outside): ((row: ServiceRow) => Step | null)[] {
  const cycle = (row: ServiceRow) => (row.expiresAt ? ymd(row.expiresAt) : null);
  const E = (row: ServiceRow) => row.expiresAt!;
  const step =
    (name: string, when: Step['when'], run: Step['run']) =>
    (row: ServiceRow): Step | null =>
      cycle(row) ? { key: `${name}:${cycle(row)}`, when, run } : null;
  return [
    step(
      'bill',
      (row, now, hasBill) =>
        !hasBill && row.status !== 'redemption' && now >= at(E(row), -RENEWAL_WINDOW_DAYS),
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

export function monthlySteps({ store, method }: Outside): ((row: ServiceRow) => Step | null)[] {
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
