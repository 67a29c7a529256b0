import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { defineJob } from '@/lib/jobs/registry';
import { notifyJobWorkers, prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { logger } from '@/lib/logger';
import { orderById, orderView } from '@/features/orders/server/orders.server';
import { providerNamed } from '@/features/payments/server/provider-config.server';
import { paymentById, recordProviderEvent } from '@/features/payments/server/payments.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import { REFUND_JOB } from './job-names';
import { sendRefundNotice } from './payment-mail.server';

/**
 * Gives back a payment the finish step refused after its provider took it (docs/decisions/0120).
 * The provider refunds a payment once whatever the retries (its idempotency key is made from our
 * payment id); the refund's id is recorded with the customer's mail in one transaction, so the
 * mail goes once.
 */
async function refundPayment({ paymentId }: { paymentId: string }): Promise<void> {
  const db = await appDb();
  const payment = await paymentById(paymentId, db);
  if (!payment || payment.status !== 'refunded' || !payment.providerRef) return;
  const found = await orderById(db, payment.orderId);
  const { refundRef } = await providerNamed(payment.provider).refund({
    paymentId: payment.id,
    providerRef: payment.providerRef,
    amount: payment.amount,
    // Given back by the account that took it (decision 0230).
    stripeAccount: found?.order.stripeAccount ?? null,
  });
  logger.info({ payment_id: payment.id, refund: refundRef }, 'payment refunded');
  const store = found ? await storeService().byHost(found.order.storeHost) : null;
  if (!found || !store) {
    logger.warn({ payment_id: payment.id }, 'refund: the order or its store is gone, no mail');
    return;
  }
  await prepareJobQueue();
  await db.transaction(async (tx) => {
    const fresh = await recordProviderEvent(tx, {
      provider: payment.provider,
      eventId: refundRef,
      type: 'refund.created',
      now: clockNow(),
    });
    if (!fresh) return;
    await sendRefundNotice(tx, store, {
      order: orderView(found.order, found.lines),
      amount: payment.amount,
    });
  });
  notifyJobWorkers('outbox.deliver');
}

export const refundJob = defineJob(REFUND_JOB, refundPayment, {
  retryLimit: 10,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
});
