import 'server-only';
import { daysAfter, now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { requirePermission, type Role } from '@/features/access/roles';
import { recordActivity, type ActivityActor } from '@/features/activity/server/activity.server';
import {
  answeredBefore,
  earlierAnswer,
  keepAnswer,
  requestHash,
  takeKey,
  type Answer,
} from '@/features/checkout/server/idempotency.server';
import {
  lockOrderForUpdate,
  markOrderCancelled,
  orderById,
  orderView,
} from '@/features/orders/server/orders.server';
import { configuredProviderName } from '@/features/payments/server/provider-config.server';
import { createPayment, paymentView } from '@/features/payments/server/payments.server';
import { addMonths } from '@/features/services/server/fulfilment.server';
import {
  serviceNotChangeable,
  serviceNotFound,
} from '@/features/services/server/service-settings.server';
import { lockServiceForUpdate } from '@/features/services/server/services.server';
import type { Store } from '@/features/tenancy/store-types';
import { billService } from './bill.server';
import { openBillId } from './renewals-repository.server';

/**
 * "Renew now" (POST /api/services/{id}/renew): a domain's renewal for 1 to 10 years,
 * or its restore from redemption, as an order paid like a checkout's. It replaces the open
 * renewal bill, so the customer never has two bills for one renewal. With an Idempotency-Key,
 * a retried call answers the same order.
 */

export type RenewCaller = {
  /** The store of the request: the service must be of it. */
  store: Store;
  accountId: string;
  storeKey: string;
  userId: string;
  role: Role;
  actor: ActivityActor;
};

async function writeRenewal(
  tx: AppDb,
  caller: RenewCaller,
  id: string,
  years: number,
): Promise<Answer> {
  const now = clockNow();
  const row = await lockServiceForUpdate(tx, id);
  if (!row || row.accountId !== caller.accountId || row.storeKey !== caller.storeKey)
    throw serviceNotFound();
  if (row.type === 'number' || row.type === 'plan') {
    throw new ApiError(
      422,
      'renews_monthly',
      'Numbers and plans renew every month by themselves: pay their bill instead.',
    );
  }
  if (row.type !== 'domain' || !row.expiresAt) {
    throw new ApiError(422, 'not_renewable', 'A domain transfer renews once it has arrived.');
  }
  if (!['active', 'expired', 'redemption'].includes(row.status))
    throw serviceNotChangeable(row.status);
  const until = addMonths(row.expiresAt, 12 * years);
  if (until.getTime() > addMonths(now, 120).getTime()) {
    throw new ApiError(
      422,
      'renewal_too_long',
      'A domain can be registered for at most 10 years ahead: choose fewer years.',
      { years: ['would take the registration past 10 years from today'] },
    );
  }
  const open = await openBillId(tx, row.id);
  if (open) {
    const locked = await lockOrderForUpdate(tx, open);
    if (locked?.order.status === 'awaiting_payment') await markOrderCancelled(tx, open, now);
  }
  const restore = row.status === 'redemption';
  const releaseAt = daysAfter(row.expiresAt, 60);
  const { order } = await billService(tx, row, {
    store: caller.store,
    years,
    restore,
    dueAt: row.expiresAt > now ? row.expiresAt : now,
    expiresAt: releaseAt > now ? releaseAt : daysAfter(now, 1),
    now,
  });
  const payment = await createPayment(tx, {
    orderId: order.id,
    storeKey: order.storeKey,
    accountId: order.accountId,
    provider: configuredProviderName(),
    amount: order.totalGross,
    currency: order.currency,
    now,
  });
  await recordActivity(
    {
      accountId: caller.accountId,
      storeKey: caller.storeKey,
      actor: caller.actor,
      action: restore ? 'service.restore_ordered' : 'service.renewal_ordered',
      target: row.name,
      detail: { years, order: order.number },
    },
    tx,
  );
  const stored = (await orderById(tx, order.id))!;
  return {
    status: 201,
    body: { data: { order: orderView(stored.order, stored.lines), payment: paymentView(payment) } },
  };
}

/** Orders a domain's renewal (or restore); answers `{order, payment}` with status 201. */
export async function renewService(
  caller: RenewCaller,
  id: string,
  input: { years: number; idempotencyKey: string | null },
): Promise<Answer> {
  requirePermission(caller.role, 'billing.manage');
  const db = await appDb();
  const scope = `user:${caller.userId}:renew:${id}`;
  const hash = requestHash({ years: input.years });
  if (input.idempotencyKey) {
    const earlier = await answeredBefore(db, scope, input.idempotencyKey, hash);
    if (earlier) return earlier;
  }
  await prepareJobQueue();
  try {
    return await db.transaction(async (tx) => {
      if (input.idempotencyKey) {
        await takeKey(tx, { scope, key: input.idempotencyKey, hash, at: clockNow() });
      }
      const answer = await writeRenewal(tx, caller, id, input.years);
      if (input.idempotencyKey) await keepAnswer(tx, { scope, key: input.idempotencyKey, answer });
      return answer;
    });
  } catch (error) {
    const answer = earlierAnswer(error);
    if (answer) return answer;
    throw error;
  }
}
