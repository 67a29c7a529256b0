import 'server-only';
import { now as clockNow } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { defineJob } from '@/lib/jobs/registry';
import { notifyJobWorkers, prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { logger } from '@/lib/logger';
import { invoiceTitle } from '@/features/invoices/invoice-format';
import { invoicePdf } from '@/features/invoices/server/invoice-pdf.server';
import { invoiceOfOrder } from '@/features/invoices/server/invoices.server';
import { claimOrderReceipt, orderById, orderView } from '@/features/orders/server/orders.server';
import { storeService } from '@/features/tenancy/server/store-service.server';
import { sendReceipt } from './payment-mail.server';
import { RECEIPT_JOB } from './job-names';

/**
 * The receipt mail with the invoice PDF, queued by the finish step in its transaction. Sent at
 * most once: the run claims the order's receipt in the transaction that records the mail.
 */
async function sendReceiptOf({ orderId }: { orderId: string }): Promise<void> {
  const db = await appDb();
  const found = await orderById(db, orderId);
  const invoice = await invoiceOfOrder(orderId, db);
  if (!found || !invoice || found.order.receiptSentAt) return;
  const store = await storeService().byHost(found.order.storeHost);
  if (!store) {
    logger.error({ order_id: orderId, host: found.order.storeHost }, 'receipt: the store is gone');
    return;
  }
  const pdf = await invoicePdf(invoice);
  await prepareJobQueue();
  await db.transaction(async (tx) => {
    if (!(await claimOrderReceipt(tx, orderId, clockNow()))) return;
    await sendReceipt(tx, store, {
      order: orderView(found.order, found.lines),
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      invoiceTitle: invoiceTitle(invoice),
      pdf,
    });
  });
  notifyJobWorkers('outbox.deliver');
}

export const receiptJob = defineJob(RECEIPT_JOB, sendReceiptOf, {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
});
