import { afterAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, readyCart } from '../support/checkout';
import { ownDatabase } from '../support/own-database';
import { twoQueues } from '../support/two-queues';

// Two instances on one PostgreSQL database run the same due renewals: two job
// queues with pools of their own drain the jobs the finders queued, while more runs of the same
// step race beside them. Each step has its effect once: one bill, one charge, one mail.
process.env.TEST_CLOCK = 'true';
await ownDatabase();
const routes = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { orderLines, orders, outbox, payments, serviceSteps } = await import('@/lib/db/schema');
const { advanceClock } = await import('@/lib/clock');
const { runFinders } = await import('@/lib/jobs/scheduler');
const { now } = await import('@/lib/clock');
const { advanceService } = await import('@/features/renewals/server/life.server');
await import('@/features/renewals/server/life-jobs.server');
await import('@/features/purchase/server/receipt-job.server');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { eq, inArray } = await import('drizzle-orm');
const jobs = await import('@/lib/jobs/process-queue.server');

const { lane, queues, close } = await twoQueues();

afterAll(close);

const DAY = 24 * 60 * 60 * 1000;

describe(`the renewal jobs on two workers (${lane})`, () => {
  it('bill, charge and mail each due renewal once', async () => {
    await seedDemoData(await appDb(), { demoStores: true });
    const customers = [];
    for (let i = 0; i < 4; i++) {
      const b = await buyer(routes);
      const { body } = await readyCart(b);
      const placed = await b.order({ ...body, save_payment_method: true });
      expect((await b.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
      const list = (await b.services()).body.data.services as { id: string; type: string }[];
      customers.push({ b, ids: list.map((s) => s.id) });
    }
    // Past the monthly renewal day of the numbers and plans: each is billed and charged.
    advanceClock(32 * DAY);
    await jobs.prepareJobQueue();
    await runFinders(now());
    for (const queue of queues) await queue.start();
    const ids = customers.flatMap((c) => c.ids);
    await Promise.all([
      ...queues.map((queue) => queue.drain()),
      ...ids.flatMap((id) => [advanceService(id), advanceService(id)]),
    ]);
    await Promise.all(queues.map((queue) => queue.drain()));

    const db = await appDb();
    const lines = await db.select().from(orderLines).where(inArray(orderLines.serviceId, ids));
    const billed = lines.map((l) => l.serviceId);
    // Numbers and plans are billed once each; the domains (two years ahead) not at all.
    expect(new Set(billed).size).toBe(billed.length);
    expect(billed).toHaveLength(customers.length * 2);
    const bills = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          lines.map((l) => l.orderId),
        ),
      );
    expect(bills.map((o) => o.status)).toEqual(bills.map(() => 'fulfilled'));
    const charges = await db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.orderId,
          bills.map((o) => o.id),
        ),
      );
    expect(charges.map((p) => p.status)).toEqual(bills.map(() => 'succeeded'));
    const steps = await db.select().from(serviceSteps).where(inArray(serviceSteps.serviceId, ids));
    // One charge try per bill: the latest one due (the clock jumped past the first).
    expect(steps.filter((s) => /^charge-\d:/.test(s.step))).toHaveLength(bills.length);
    for (const { b } of customers) {
      const mails = await db.select().from(outbox).where(eq(outbox.recipient, b.email));
      const renewalMails = mails.filter((m) => m.subject.startsWith('Renewal of'));
      const receipts = mails.filter((m) => m.subject.startsWith('Payment received'));
      expect(renewalMails).toHaveLength(2);
      // The first order's receipt, and one per renewal bill.
      expect(receipts).toHaveLength(3);
    }
  });
});
