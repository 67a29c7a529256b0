import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent } from '../support/agent';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { ownDatabase } from '../support/own-database';

// The life of services on the test clock: the operator moves the
// product's time with POST /api/admin/clock, which answers once the due jobs have run. Nothing
// here sleeps for a date.
const TOKEN = 'life-test-admin-token-0123456789abcdef';
process.env.TEST_CLOCK = 'true';
process.env.ADMIN_API_TOKEN = TOKEN;
// The renewal jobs sweep every due service: on PostgreSQL this file keeps to a database of its own.
await ownDatabase();
const routes = await checkoutRoutes();
const clock = await import('@/app/api/admin/clock/route');
const one = await import('@/app/api/services/[id]/route');
const renew = await import('@/app/api/services/[id]/renew/route');
const search = await import('@/app/api/domains/search/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const {
  orderLines,
  orders,
  outbox,
  paymentMethods,
  payments,
  phoneNumbers,
  registryDomains,
  serviceSteps,
} = await import('@/lib/db/schema');
const { and, asc, eq, inArray } = await import('drizzle-orm');
const jobs = await import('@/lib/jobs/process-queue.server');
await import('@/features/renewals/server/life-jobs.server');
await import('@/features/purchase/server/receipt-job.server');
await jobs.runJobsInThisProcess();

const DAY = 24 * 60 * 60 * 1000;

/**
 * The same date and time a calendar year later, as a domain's year runs: across a 29 February
 * that is 366 days, and a year from 29 February ends on 28 February.
 */
function aYearAfter(iso: string): number {
  const from = new Date(iso);
  const next = new Date(from.getTime());
  next.setUTCFullYear(from.getUTCFullYear() + 1);
  if (next.getUTCMonth() !== from.getUTCMonth()) next.setUTCDate(0);
  return next.getTime();
}
// The clock moves a day at a time, running what each day made due (docs/decisions/0151): a test
// that jumps two years makes some seven hundred rounds of queries.
vi.setConfig({ testTimeout: 180_000 });
const operator = new Agent('nameport.localhost');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

async function serverNow(): Promise<number> {
  const answer = await operator.call(clock.GET, '/api/admin/clock', {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return Date.parse(answer.body.data.now);
}

async function advance(days: number): Promise<void> {
  if (days <= 0) return;
  const answer = await operator.call(clock.POST, '/api/admin/clock', {
    method: 'POST',
    json: { advance_days: days },
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.status).toBe(200);
}

/** Moves the clock to `days` from `date` (whole days, rounding up). */
async function advanceTo(date: string, days: number): Promise<void> {
  const target = Date.parse(date) + days * DAY;
  await advance(Math.ceil((target - (await serverNow())) / DAY));
}

type Svc = { id: string; type: string; status: string; expires_at: string; renews_at: string };

/** A customer with a paid domain (2 years), number and plan; optionally a kept payment method. */
async function customer(options: { keep?: boolean } = {}) {
  const b = await buyer(routes);
  const { body, domain, number } = await readyCart(b);
  const placed = await b.order({ ...body, save_payment_method: options.keep ?? false });
  expect(placed.status).toBe(201);
  expect((await b.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  const list = (await b.services()).body.data.services as Svc[];
  const of = (type: string) => list.find((s) => s.type === type)!;
  return {
    b,
    domain,
    number,
    domainSvc: of('domain'),
    numberSvc: of('number'),
    planSvc: of('plan'),
  };
}

async function service(b: Buyer, id: string): Promise<Svc> {
  await b.signIn();
  const answer = await b.agent.call(one.GET, `/api/services/${id}`, {
    params: { id },
    headers: b.headers(),
  });
  expect(answer.status).toBe(200);
  return answer.body.data.service;
}

async function patch(b: Buyer, id: string, json: unknown) {
  await b.signIn();
  const answer = await b.agent.call(one.PATCH, `/api/services/${id}`, {
    method: 'PATCH',
    json,
    params: { id },
    headers: b.headers(),
  });
  expect(answer.status).toBe(200);
}

const subjects = async (to: string) =>
  (await (await appDb()).select().from(outbox).where(eq(outbox.recipient, to))).map(
    (m) => m.subject,
  );

/** The renewal orders (bills) of one service, oldest first. */
const renewalOrders = async (serviceId: string) => {
  const db = await appDb();
  const lines = await db.select().from(orderLines).where(eq(orderLines.serviceId, serviceId));
  const ids = [...new Set(lines.map((l) => l.orderId))];
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.kind, 'renewal')))
    .orderBy(asc(orders.createdAt));
};

describe('the life of a domain', () => {
  it('bills and reminds before expiry, expires, goes to redemption, and is restored', async () => {
    const { b, domain, domainSvc } = await customer();
    await patch(b, domainSvc.id, { auto_renew: false });
    const E = domainSvc.expires_at;

    await advanceTo(E, -31);
    expect(await renewalOrders(domainSvc.id)).toEqual([]);
    await advanceTo(E, -30);
    const [bill] = await renewalOrders(domainSvc.id);
    expect(bill).toMatchObject({ status: 'awaiting_payment', kind: 'renewal', totalNet: 1299 });
    expect(bill!.dueAt?.toISOString()).toBe(E);
    expect(await subjects(b.email)).toContain(
      `Renewal of ${domain}: £15.59 due ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(E))} - Nameport`,
    );
    expect((await service(b, domainSvc.id)).status).toBe('expiring');

    await advanceTo(E, -7);
    expect(await subjects(b.email)).toContain(
      `Reminder: ${domain} renews on ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(E))} - Nameport`,
    );
    await advanceTo(E, 0);
    expect((await service(b, domainSvc.id)).status).toBe('expired');
    await advanceTo(E, 1);
    expect(await subjects(b.email)).toContain(`${domain} has expired - Nameport`);
    await advanceTo(E, 30);
    expect((await service(b, domainSvc.id)).status).toBe('redemption');
    const [cancelled] = await renewalOrders(domainSvc.id);
    expect(cancelled!.status).toBe('cancelled');

    // Restored through "renew": the store's restore price and a year's renewal, paid by demo.
    await b.signIn();
    const restore = await b.agent.call(renew.POST, `/api/services/${domainSvc.id}/renew`, {
      method: 'POST',
      json: { years: 1 },
      params: { id: domainSvc.id },
      headers: b.headers(),
    });
    expect(restore.status).toBe(201);
    const { order, payment } = restore.body.data;
    expect(order.lines.map((l: { type: string }) => l.type)).toEqual([
      'domain_restore',
      'domain_renewal',
    ]);
    expect(order.lines[0].total.net).toBe(7000);
    expect((await b.demo(payment.id, 'succeed')).status).toBe(200);
    const restored = await service(b, domainSvc.id);
    expect(restored.status).toBe('active');
    expect(Date.parse(restored.expires_at)).toBe(aYearAfter(E));
  });

  it('sends the 7-day reminder on its day and the expiry reminder the day after, in one jump over both', async () => {
    const { b, domain, domainSvc } = await customer();
    const E = Date.parse(domainSvc.expires_at);
    await advanceTo(domainSvc.expires_at, -8);
    await advance(10);
    const mails = await (await appDb()).select().from(outbox).where(eq(outbox.recipient, b.email));
    const sentAt = (subject: string) =>
      mails.find((m) => m.subject.startsWith(subject))?.createdAt.getTime() ?? NaN;
    const reminder = sentAt(`Reminder: ${domain} renews on`);
    expect(reminder).toBeGreaterThanOrEqual(E - 7 * DAY);
    expect(reminder).toBeLessThan(E - 6 * DAY);
    const expired = sentAt(`${domain} has expired`);
    expect(expired).toBeGreaterThanOrEqual(E + DAY);
    expect(expired).toBeLessThan(E + 2 * DAY);
  });

  it('is released 60 days after expiry when nobody pays, and search finds it available', async () => {
    const { b, domain, domainSvc } = await customer();
    await patch(b, domainSvc.id, { auto_renew: false });
    await advanceTo(domainSvc.expires_at, 59);
    expect((await service(b, domainSvc.id)).status).toBe('redemption');
    await advanceTo(domainSvc.expires_at, 60);
    expect((await service(b, domainSvc.id)).status).toBe('released');
    expect(
      await (
        await appDb()
      )
        .select()
        .from(registryDomains)
        .where(eq(registryDomains.domain, domain)),
    ).toEqual([]);
    const { availability } = await import('@/features/catalog/server/availability-config.server');
    availability().forget(domain);
    const found = await search.GET(
      (await import('../support/requests')).apiRequest(`/api/domains/search?q=${domain}`, {
        host: 'nameport.localhost',
        headers: { 'accept-language': 'en-GB' },
      }),
      { params: Promise.resolve({}) },
    );
    const results = (await found.json()).data.results as { domain: string; status: string }[];
    expect(results.find((r) => r.domain === domain)?.status).toBe('available');
  });

  it('with auto-renew and a kept method, renews itself 7 days before expiry and issues its invoice', async () => {
    const { b, domain, domainSvc } = await customer({ keep: true });
    await advanceTo(domainSvc.expires_at, -7);
    const renewed = await service(b, domainSvc.id);
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.expires_at)).toBe(aYearAfter(domainSvc.expires_at));
    const [bill] = await renewalOrders(domainSvc.id);
    expect(bill!.status).toBe('fulfilled');
    const invoices = (await b.invoices()).body.data.invoices as {
      order_id?: string;
      order_number?: string;
    }[];
    expect(JSON.stringify(invoices)).toContain(bill!.number);
    expect(await subjects(b.email)).toContain(
      `Payment received for order ${bill!.number} - Nameport`,
    );
    void domain;
  });

  it('tries a declining card again after 1, 3 and 5 days, with a mail each time', async () => {
    const { b, domain, domainSvc } = await customer({ keep: true });
    await (
      await appDb()
    )
      .update(paymentMethods)
      .set({ providerRef: 'demo-card-declines' })
      .where(eq(paymentMethods.accountId, b.accountId));
    const failed = async () =>
      (await subjects(b.email)).filter((s) =>
        s.startsWith(`We could not charge the renewal of ${domain}`),
      ).length;
    await advanceTo(domainSvc.expires_at, -7);
    expect(await failed()).toBe(1);
    await advanceTo(domainSvc.expires_at, -6);
    expect(await failed()).toBe(2);
    await advanceTo(domainSvc.expires_at, -5);
    expect(await failed()).toBe(2);
    await advanceTo(domainSvc.expires_at, -4);
    expect(await failed()).toBe(3);
    await advanceTo(domainSvc.expires_at, -2);
    expect(await failed()).toBe(4);
    const [bill] = await renewalOrders(domainSvc.id);
    const tries = await (
      await appDb()
    )
      .select()
      .from(payments)
      .where(eq(payments.orderId, bill!.id));
    expect(tries.map((p) => p.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    await advanceTo(domainSvc.expires_at, 0);
    expect((await service(b, domainSvc.id)).status).toBe('expired');
  });
});

describe('the life of a number and a plan', () => {
  it('an unpaid number is suspended after 14 days and released after 30; a cancelled plan ends', async () => {
    const { b, number, numberSvc, planSvc } = await customer();
    await patch(b, planSvc.id, { cancel_at_period_end: true });
    await advanceTo(numberSvc.renews_at, 0);
    expect((await service(b, planSvc.id)).status).toBe('cancelled');
    expect((await renewalOrders(numberSvc.id)).map((o) => o.status)).toEqual(['awaiting_payment']);
    await advanceTo(numberSvc.renews_at, 13);
    expect((await service(b, numberSvc.id)).status).toBe('active');
    await advanceTo(numberSvc.renews_at, 14);
    expect((await service(b, numberSvc.id)).status).toBe('suspended');
    await advanceTo(numberSvc.renews_at, 30);
    expect((await service(b, numberSvc.id)).status).toBe('released');
    const [back] = await (
      await appDb()
    )
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, number));
    expect(back).toMatchObject({ number, heldByOrder: null });
    const steps = await (
      await appDb()
    )
      .select()
      .from(serviceSteps)
      .where(eq(serviceSteps.serviceId, numberSvc.id));
    expect(steps.map((s) => s.step.split(':')[0]).sort()).toEqual([
      'bill',
      'released',
      'suspended',
    ]);
  });
});

describe('the money of a renewal', () => {
  it('bills a plan cut from 3 seats to 2 at 2 seats of its price, every month after', async () => {
    const { b, planSvc } = await customer({ keep: true });
    // Business at £14.00 a seat: 3 seats bought, 2 kept from the next month on.
    await patch(b, planSvc.id, { seat_count: 2 });
    await advanceTo(planSvc.renews_at, 0);
    const once = await service(b, planSvc.id);
    await advanceTo(once.renews_at, 0);
    const bills = await renewalOrders(planSvc.id);
    expect(bills.map((o) => [o.status, o.totalNet])).toEqual([
      ['fulfilled', 2800],
      ['fulfilled', 2800],
    ]);
    const after = (await service(b, planSvc.id)) as Svc & { seats: number; price: { net: number } };
    expect(after).toMatchObject({ seats: 2, price: { net: 2800 } });
  });
});

// Last: these jumps move every service of this file's database on.
describe('the test clock', () => {
  it('a jump of 335 days renews a number and a plan with auto-renew and a kept card every month', async () => {
    const { b, numberSvc, planSvc } = await customer({ keep: true });
    await advance(335);
    const now = await serverNow();
    for (const svc of [numberSvc, planSvc]) {
      const after = await service(b, svc.id);
      expect(after.status).toBe('active');
      expect(Date.parse(after.renews_at)).toBeGreaterThan(now);
      expect(Date.parse(after.renews_at)).toBeLessThanOrEqual(now + 31 * DAY);
      const bills = await renewalOrders(svc.id);
      expect(bills.length).toBeGreaterThanOrEqual(10);
      expect(bills.filter((o) => o.status !== 'fulfilled')).toEqual([]);
    }
    expect((await subjects(b.email)).filter((s) => /suspended|released/.test(s))).toEqual([]);
  });
});
