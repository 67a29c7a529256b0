import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, freeNumber, freshDomain, readyCart } from '../support/checkout';
import { displayPhoneNumber } from '@/lib/phone-display';

const routes = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { callPlans, orders, outbox, phoneNumbers } = await import('@/lib/db/schema');
const { and, eq, inArray } = await import('drizzle-orm');
const { GET: listPlans } = await import('@/app/api/voice/plans/route');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

describe('POST /api/orders', () => {
  it('places the confirmed cart as an order snapshot with a payment, and empties the cart', async () => {
    const b = await buyer(routes);
    const { domain, number, body, cart } = await readyCart(b);
    const { status, body: answer } = await b.order(body);
    expect(status).toBe(201);
    const { order, payment } = answer.data;
    expect(order.number).toMatch(/^NP-\d{6}$/);
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      currency: 'GBP',
      site_version: 1,
      billing: { name: 'Grace Hopper', postcode: 'SW1A 2AA', vat_number: 'GB123456789' },
      registrant: { name: 'Grace Hopper', country: 'GB' },
      number_addresses: { [number]: { city: 'Manchester', country: 'GB' } },
    });
    expect(order.lines).toEqual([
      {
        id: expect.any(String),
        type: 'domain_registration',
        label: domain,
        domain,
        years: 2,
        quantity: 1,
        unit: { net: 2348, vat: 470, gross: 2818 },
        total: { net: 2348, vat: 470, gross: 2818 },
        vat_rate: 20,
        recurring: { net: 1299, vat: 260, gross: 1559, period: 'year' },
      },
      expect.objectContaining({
        type: 'number',
        label: displayPhoneNumber(number),
        number,
        quantity: 1,
        vat_rate: 20,
      }),
      expect.objectContaining({
        type: 'plan',
        label: 'Business plan',
        users: 3,
        quantity: 3,
        vat_rate: 20,
      }),
    ]);
    const plan = order.lines[2];
    expect(plan.total.net).toBe(plan.unit.net * 3);
    expect(order.totals).toEqual(cart.totals.due_today);
    expect(order.totals.gross).toBe(order.totals.net + order.totals.vat);
    expect(payment).toEqual({
      id: expect.any(String),
      provider: 'demo',
      status: 'requires_payment',
      redirect_url: `/checkout/pay/${payment.id}`,
      amount: order.totals.gross,
      currency: 'GBP',
      failure_message: null,
      created_at: expect.any(String),
    });
    // The cart is empty; the number is held by the order, not free for anyone.
    expect((await b.cart()).body.data.items).toEqual([]);
    const [held] = await (
      await appDb()
    )
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, number));
    expect(held).toMatchObject({ heldByOrder: order.id, heldByCart: null });
    // The order-received mail waits in the outbox (no SMTP here), to the customer.
    const { outbox } = await import('@/lib/db/schema');
    const mails = await (await appDb()).select().from(outbox).where(eq(outbox.recipient, b.email));
    expect(mails.map((m) => m.subject)).toEqual([`Order ${order.number} received - Nameport`]);
    expect(mails[0]!.text).toContain('This is a demo store: no money moves');
  });

  it('numbers orders one after another per store, with the store’s prefix', async () => {
    const numbers: number[] = [];
    for (const host of ['acme.localhost', 'acme.localhost']) {
      const b = await buyer(routes, { host });
      await b.addToCart({ type: 'plan', plan: 'starter', users: 1 });
      const checked = await b.checkout();
      const { body } = await b.order({
        cart_version: checked.body.data.cart.version,
        accept_terms: true,
      });
      expect(body.data.order.number).toMatch(/^AV-\d{6}$/);
      numbers.push(Number(body.data.order.number.slice(3)));
    }
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
  });

  it('keeps the order as it was when the catalog changes afterwards', async () => {
    // A plan of this test's own: the demo plans' prices are read by other files running at the
    // same time on PostgreSQL, so this test changes no row it did not make.
    const db = await appDb();
    const id = `snapshot-${randomUUID().slice(0, 8)}`;
    await db
      .insert(callPlans)
      .values({ id, siteVersion: 1, name: 'Snapshot', perUserMonthlyNet: 800, sortOrder: 1_000 });
    const b = await buyer(routes);
    await b.addToCart({ type: 'plan', plan: id, users: 2 });
    const checked = await b.checkout();
    const placed = await b.order({
      cart_version: checked.body.data.cart.version,
      accept_terms: true,
    });
    expect(placed.body.data.order.lines).toMatchObject([
      { type: 'plan', users: 2, unit: { net: 800 }, total: { net: 1_600 } },
    ]);
    const where = and(eq(callPlans.id, id), eq(callPlans.siteVersion, 1));
    await db.update(callPlans).set({ perUserMonthlyNet: 1_300 }).where(where);
    const catalog = await b.agent.call(listPlans, '/api/voice/plans', {
      headers: { cookie: 'site_version=1' },
    });
    expect(catalog.body.data.plans).toContainEqual(
      expect.objectContaining({ id, per_user_monthly: { net: 1_300, gross: 1_560 } }),
    );
    const again = await b.getOrder(placed.body.data.order.id);
    expect(again.body.data.order).toEqual(placed.body.data.order);
  });

  it('needs an Idempotency-Key of 8 to 255 characters (400 without)', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const missing = await b.agent.call(routes.orders.POST, '/api/orders', {
      method: 'POST',
      json: body,
      headers: b.headers(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('idempotency_key_required');
    expect((await b.order(body, 'short')).status).toBe(400);
    expect((await b.order(body, 'x'.repeat(256))).status).toBe(400);
    expect((await b.cart()).body.data.items).toHaveLength(3);
  });

  it('answers the same order for the same key and body, and 422 idempotency_key_reused for another body', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const key = randomUUID();
    const first = await b.order(body, key);
    const again = await b.order({ ...body }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await b.order({ ...body, save_payment_method: true }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    expect((await b.orders()).body.data.orders).toHaveLength(1);
  });

  it('6 customers ordering at once in one store get numbers of its series without gaps, each named in its mail', async () => {
    const ready = [];
    for (let i = 0; i < 6; i++) {
      const b = await buyer(routes);
      ready.push({ b, body: (await readyCart(b)).body });
    }
    const answers = await Promise.all(ready.map(({ b, body }) => b.order(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const numbers = answers.map((a) => a.body.data.order.number as string);
    for (const n of numbers) expect(n).toMatch(/^NP-\d{6}$/);
    const places = numbers.map((n) => Number(n.slice(3))).sort((x, y) => x - y);
    expect(new Set(places).size).toBe(6);
    // On PostgreSQL other test files order in this store at the same time: their orders may sit
    // between these six, and every number between the first and the last belongs to an order
    // once those have committed (a rolled-back order gives its number back).
    const db = await appDb();
    const between = Array.from(
      { length: places.at(-1)! - places[0]! + 1 },
      (_, k) => `NP-${String(places[0]! + k).padStart(6, '0')}`,
    );
    await expect
      .poll(async () => {
        const kept = await db
          .select({ number: orders.number })
          .from(orders)
          .where(and(eq(orders.storeKey, 'nameport'), inArray(orders.number, between)));
        return kept.length;
      })
      .toBe(between.length);
    for (const [k, { b }] of ready.entries()) {
      const [kept] = await db.select().from(orders).where(eq(orders.userId, b.userId));
      expect(kept!.number).toBe(numbers[k]);
      const mails = await db
        .select({ subject: outbox.subject })
        .from(outbox)
        .where(
          and(
            eq(outbox.recipient, b.email),
            eq(outbox.subject, `Order ${numbers[k]} received - Nameport`),
          ),
        );
      expect(mails).toHaveLength(1);
    }
  });

  it('20 parallel orders of one cart with 20 keys make one order; the others are 409', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.order(body)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.error.code).toBe('cart_version_conflict');
    }
    const rows = await (await appDb()).select().from(orders).where(eq(orders.userId, b.userId));
    expect(rows).toHaveLength(1);
  });

  it('20 parallel orders with one key make one order, and all answer it', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => b.order(body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.body.data.order.id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((a) => a.body.data.payment.id)).size).toBe(1);
    const rows = await (await appDb()).select().from(orders).where(eq(orders.userId, b.userId));
    expect(rows).toHaveLength(1);
  });

  it('refuses without the terms, without billing details, without a number’s address or with one abroad, and keeps the cart', async () => {
    const b = await buyer(routes);
    const { body, cart } = await readyCart(b);
    const noTerms = await b.order({ ...body, accept_terms: false });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error.fields.accept_terms).toEqual([
      'must be true: accept the terms to place the order',
    ]);
    const numberLine = cart.items.find((l: { type: string }) => l.type === 'number');
    const noAddress = await b.order({ ...body, number_addresses: {} });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error.fields[`number_addresses.${numberLine.id}`]).toEqual([
      `an address in GB is required for ${numberLine.number}`,
    ]);
    const abroad = await b.order({
      ...body,
      number_addresses: {
        [numberLine.id]: {
          line1: '1 Market St',
          city: 'San Francisco',
          region: 'CA',
          postcode: '94105',
          country: 'US',
        },
      },
    });
    expect(abroad.body.error.fields[`number_addresses.${numberLine.id}.country`][0]).toMatch(
      /^must be GB/,
    );
    const noBilling = await buyer(routes, { billing: null });
    await noBilling.addToCart({ type: 'domain_registration', domain: freshDomain(), years: 1 });
    const checked = await noBilling.checkout();
    const refused = await noBilling.order({
      cart_version: checked.body.data.cart.version,
      accept_terms: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('billing_details_required');
    expect((await b.cart()).body.data.items).toHaveLength(3);
    expect((await b.orders()).body.data.orders).toEqual([]);
  });

  it('asks a .us registrant for the nexus category and keeps it on the order', async () => {
    const b = await buyer(routes, { siteVersion: 2 });
    const domain = freshDomain('us');
    await b.addToCart({ type: 'domain_registration', domain, years: 1 });
    const checked = await b.checkout();
    const body = { cart_version: checked.body.data.cart.version, accept_terms: true };
    const missing = await b.order(body);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields['registrant.us_nexus_category']).toEqual([
      'is required for a .us domain',
    ]);
    // A registrant's name and address are one line each: a line break is refused, no order made.
    const broken = await b.order({
      ...body,
      registrant: { us_nexus_category: 'C31', name: 'Grace\r\nHopper', city: 'New\nYork' },
    });
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body.error.fields).sort()).toEqual([
      'registrant.city',
      'registrant.name',
    ]);
    const placed = await b.order({ ...body, registrant: { us_nexus_category: 'C31' } });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.currency).toBe('USD');
    expect(placed.body.data.order.totals.vat).toBe(0);
    expect(placed.body.data.order.registrant).toMatchObject({
      us_nexus_category: 'C31',
      name: 'Grace Hopper',
    });
  });

  it('asks a US number’s address and a US registrant for the state, and keeps its code', async () => {
    const b = await buyer(routes, { siteVersion: 2 });
    const number = await freeNumber(2);
    await b.addToCart({ type: 'number', number });
    await b.addToCart({ type: 'domain_registration', domain: freshDomain('com'), years: 1 });
    const checked = await b.checkout();
    const line = checked.body.data.cart.items.find((l: { type: string }) => l.type === 'number');
    const address = {
      line1: '350 Fifth Avenue',
      city: 'New York',
      postcode: '10118',
      country: 'US',
    };
    const body = { cart_version: checked.body.data.cart.version, accept_terms: true };
    const stateless = await b.order({
      ...body,
      number_addresses: { [line.id]: address },
      registrant: address,
    });
    expect(stateless.status).toBe(400);
    expect(stateless.body.error.fields[`number_addresses.${line.id}.region`]).toEqual([
      'is required for a US address',
    ]);
    expect((await b.orders()).body.data.orders).toEqual([]);
    const withoutRegistrantState = await b.order({
      ...body,
      number_addresses: { [line.id]: { ...address, region: 'new york' } },
      registrant: address,
    });
    expect(withoutRegistrantState.body.error.fields).toEqual({
      'registrant.region': ['is required for a US address'],
    });
    const placed = await b.order({
      ...body,
      number_addresses: { [line.id]: { ...address, region: 'new york' } },
      registrant: { ...address, region: 'New York' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.number_addresses[number].region).toBe('NY');
    expect(placed.body.data.order.registrant.region).toBe('NY');
  });

  it('is the account’s: another account gets 404 for the order and its payment', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const { body: placed } = await b.order(body);
    const other = await buyer(routes);
    const seen = await other.getOrder(placed.data.order.id);
    expect(seen.status).toBe(404);
    expect(seen.body.error.code).toBe('order_not_found');
    expect((await other.demo(placed.data.payment.id, 'succeed')).status).toBe(404);
    expect((await other.payAgain(placed.data.order.id)).status).toBe(404);
    expect((await other.getOrder('not-a-uuid')).status).toBe(404);
    expect((await other.orders()).body.data.orders).toEqual([]);
    expect((await b.getOrder(placed.data.order.id)).status).toBe(200);
  });

  it('refuses an order call without the CSRF token, and places nothing', async () => {
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const answer = await b.agent.call(routes.orders.POST, '/api/orders', {
      method: 'POST',
      json: body,
      csrf: false,
      headers: b.headers({ 'idempotency-key': randomUUID() }),
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('csrf_mismatch');
    expect((await b.orders()).body.data.orders).toEqual([]);
    expect((await b.cart()).body.data.items).toHaveLength(3);
  });
});

describe('the Idempotency-Key header', () => {
  it('is refused in one format by every call that takes it', async () => {
    const renew = await import('@/app/api/services/[id]/renew/route');
    const b = await buyer(routes);
    const { body } = await readyCart(b);
    const serviceId = randomUUID();
    const renewWith = (key: string) =>
      b.agent.call(renew.POST, `/api/services/${serviceId}/renew`, {
        method: 'POST',
        json: { years: 1 },
        params: { id: serviceId },
        headers: b.headers({ 'idempotency-key': key }),
      });
    const order = await b.order(body, 'short');
    const renewal = await renewWith('short');
    expect(order.status).toBe(400);
    expect(renewal.status).toBe(400);
    expect(renewal.body.error).toEqual(order.body.error);
    expect(order.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { 'Idempotency-Key': [expect.stringContaining('8 to 255')] },
    });
  });
});
