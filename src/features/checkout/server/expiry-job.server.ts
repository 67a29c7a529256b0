import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { defineJob } from '@/lib/jobs/registry';
import { enqueue } from '@/lib/jobs/process-queue.server';
import { registerDueWork } from '@/lib/jobs/scheduler';
import { releaseOrderHolds } from '@/features/catalog/server/inventory.server';
import {
  expiredOrderIds,
  lockOrderForUpdate,
  markOrderCancelled,
  orderById,
} from '@/features/orders/server/orders.server';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import { orderPayments, setPaymentStatus } from '@/features/payments/server/payments.server';
import { finishPayment } from '@/features/purchase/server/finish.server';
import { EXPIRE_ORDER_JOB } from './job-names';

/**
 * Orders unpaid after 24 hours are cancelled, at most once: the job runs under
 * the order's lock and only on an order still awaiting payment. The server's scheduler finds them
 * every minute on the product clock.
 */

const OPEN = new Set(['requires_payment', 'requires_action', 'processing']);

/**
 * Cancels an order still unpaid at its expiry and frees its numbers. A payment started at a
 * provider is cancelled there first; when the provider says it succeeded meanwhile, the order is
 * finished instead.
 */
export async function expireOrder({ orderId }: { orderId: string }): Promise<void> {
  const db = await appDb();
  const found = await orderById(db, orderId);
  if (!found || found.order.status !== 'awaiting_payment') return;
  if (found.order.expiresAt > clockNow()) return;
  for (const payment of await orderPayments(orderId, db)) {
    if (!payment.providerRef || !OPEN.has(payment.status)) continue;
    const outcome = await providerNamed(payment.provider).cancel(payment.id, payment.providerRef, {
      stripeAccount: found.order.stripeAccount,
    });
    if (outcome.status === 'succeeded') {
      await finishPayment(payment.id, { method: outcome.method });
      return;
    }
  }
  await db.transaction(async (tx) => {
    const now = clockNow();
    const locked = await lockOrderForUpdate(tx, orderId);
    if (!locked || locked.order.status !== 'awaiting_payment') return;
    await markOrderCancelled(tx, orderId, now);
    await releaseOrderHolds(tx, orderId);
    for (const payment of await orderPayments(orderId, tx)) {
      if (!OPEN.has(payment.status)) continue;
      await setPaymentStatus(tx, payment.id, {
        status: 'failed',
        failureMessage: 'The order expired unpaid.',
        now,
      });
    }
  });
}

export const expireOrderJob = defineJob(EXPIRE_ORDER_JOB, expireOrder, {
  policy: 'stately',
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 120,
});

registerDueWork('checkout.expired-orders', async (now) => {
  for (const orderId of await expiredOrderIds(now)) {
    await enqueue(expireOrderJob.name, { orderId }, { singletonKey: orderId });
  }
});
