import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer } from '../support/mail-server';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { ownDatabase } from '../support/own-database';

// Real mail: the receipt leaves over SMTP through this process's job workers.
// The clock moves days ahead here: the jobs and the session sweep it runs would reach other
// files' rows in the PostgreSQL lane's shared database.
await ownDatabase();
const mail = await startMailServer();
process.env.SMTP_URL = mail.url;
process.env.TEST_CLOCK = 'true';
const { runJobsInThisProcess, runDueJobs } = await import('@/lib/jobs/process-queue.server');
const { advanceClock, now } = await import('@/lib/clock');
await runJobsInThisProcess();
const { expireOrder } = await import('@/features/checkout/server/expiry-job.server');
const { expiredOrderIds } = await import('@/features/orders/server/orders.server');
const routes = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { invoices, phoneNumbers, registryDomains, services } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');
const { finishPayment } = await import('@/features/purchase/server/finish.server');
const { searchDomains } = await import('@/features/catalog/server/domain-search.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(async () => {
  await mail.close();
});

async function placed(b: Buyer, extra: object = {}, siteVersion: 1 | 2 = 1) {
  const ready = await readyCart(b, { siteVersion });
  const { status, body } = await b.order({ ...ready.body, ...extra });
  expect(status).toBe(201);
  return { ...ready, order: body.data.order, payment: body.data.payment };
}

describe('the demo provider', () => {
  it('declined, the order awaits payment with a retry; then paid after a second confirmation, it is fulfilled once', async () => {
    const b = await buyer(routes);
    const { order, payment, domain, number } = await placed(b);

    const declined = await b.demo(payment.id, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({
      payment: { status: 'failed', failure_message: 'The card was declined (demo).' },
      order_status: 'awaiting_payment',
    });
    expect((await b.demo(payment.id, 'succeed')).body.error.code).toBe('payment_closed');

    const retry = await b.payAgain(order.id);
    expect(retry.status).toBe(201);
    const second = retry.body.data.payment;
    expect(second).toMatchObject({ status: 'requires_payment', amount: order.totals.gross });
    const challenged = await b.demo(second.id, 'authenticate');
    expect(challenged.body.data.payment.status).toBe('requires_action');
    const paid = await b.demo(second.id, 'succeed');
    expect(paid.body.data).toMatchObject({
      payment: { status: 'succeeded' },
      order_status: 'fulfilled',
      redirect_url: `/orders/${order.id}`,
    });
    // A second success changes nothing.
    expect((await b.demo(second.id, 'succeed')).body.data.order_status).toBe('fulfilled');

    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('fulfilled');
    expect(detail.payments.map((p: { status: string }) => p.status)).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(detail.invoice_id).toEqual(expect.any(String));

    const { body } = await b.services();
    const byType = Object.fromEntries(body.data.services.map((s: { type: string }) => [s.type, s]));
    const paidAt = Date.parse(detail.order.paid_at);
    expect(byType.domain).toMatchObject({
      name: domain,
      status: 'active',
      period: 'year',
      auto_renew: true,
    });
    expect(Date.parse(byType.domain.renews_at)).toBeGreaterThan(paidAt + 729 * 86_400_000);
    expect(byType.number).toMatchObject({ name: number, status: 'active', period: 'month' });
    expect(byType.plan).toMatchObject({ name: 'Business plan', seats: 3, status: 'active' });
    expect(byType.plan.price).toEqual(
      order.lines[2].recurring && {
        net: order.lines[2].recurring.net,
        vat: order.lines[2].recurring.vat,
        gross: order.lines[2].recurring.gross,
      },
    );
    const monthLater = Date.parse(byType.plan.renews_at) - paidAt;
    expect(monthLater).toBeGreaterThan(27 * 86_400_000);
    expect(monthLater).toBeLessThan(32 * 86_400_000);

    // The domain is registered with its expiry: a search now says taken.
    const db = await appDb();
    const [registry] = await db
      .select()
      .from(registryDomains)
      .where(eq(registryDomains.domain, domain));
    expect(registry).toMatchObject({ status: 'taken' });
    expect(registry!.expiresAt?.toISOString()).toBe(byType.domain.expires_at);
    const search = await searchDomains({ query: domain, prices: b.store.prices, siteVersion: 1 });
    expect(search.results[0]).toMatchObject({ domain, status: 'taken' });
    // The number left the inventory.
    expect(await db.select().from(phoneNumbers).where(eq(phoneNumbers.number, number))).toEqual([]);
  });

  it('sends "order received" and, once paid, one receipt with the invoice PDF attached', async () => {
    const b = await buyer(routes);
    const { order, payment } = await placed(b);
    await runDueJobs();
    const received = await mail.waitFor(b.email, (m) =>
      m.subject.startsWith(`Order ${order.number}`),
    );
    expect(received.text).toContain('View your order: https://www.nameport.example/orders/');
    await b.demo(payment.id, 'succeed');
    await finishPayment(payment.id);
    await runDueJobs();
    const receipt = await mail.waitFor(b.email, (m) => m.subject.startsWith('Payment received'));
    const invoice = (await b.invoices()).body.data.invoices[0];
    expect(receipt.text).toContain(`Your VAT invoice ${invoice.number} is attached.`);
    expect(receipt.raw).toMatch(/Content-Type: application\/pdf; name=(")?NP-INV-\d{4}-\d{6}\.pdf/);
    expect(receipt.raw).toContain('JVBERi0'); // "%PDF-" in base64
    expect(mail.to(b.email).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(
      1,
    );
  });

  it('keeps the method for renewals when asked, on the services it became', async () => {
    const b = await buyer(routes);
    const { payment } = await placed(b, { save_payment_method: true });
    await b.demo(payment.id, 'succeed');
    const db = await appDb();
    const rows = await db.select().from(services).where(eq(services.accountId, b.accountId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.paymentMethodId)).size).toBe(1);
    expect(rows[0]!.paymentMethodId).toEqual(expect.any(String));
    const { accountPaymentMethods } = await import('@/features/payments/server/payments.server');
    expect((await accountPaymentMethods(b.accountId)).map((m) => m.label)).toEqual([
      'Demo card (no money moves)',
    ]);
  });
});

describe('the finish step', () => {
  it('run 10 times at once for one payment, pays, invoices and fulfils once', async () => {
    const b = await buyer(routes);
    const { order, payment } = await placed(b);
    const results = await Promise.all(Array.from({ length: 10 }, () => finishPayment(payment.id)));
    expect(results.filter((r) => r.finished)).toHaveLength(1);
    const db = await appDb();
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(await db.select().from(services).where(eq(services.orderId, order.id))).toHaveLength(3);
    await runDueJobs();
    await mail.waitFor(b.email, (m) => m.subject.startsWith('Payment received'));
    await runDueJobs();
    expect(mail.to(b.email).filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(
      1,
    );
  });
});

describe('invoices', () => {
  it('are numbered without gaps per store and year, and carry supplier, customer, lines and totals', async () => {
    const first = await buyer(routes, { host: 'ringo.localhost' });
    const a = await placed(first);
    await first.demo(a.payment.id, 'succeed');
    const second = await buyer(routes, { host: 'ringo.localhost' });
    const c = await placed(second);
    await second.demo(c.payment.id, 'succeed');
    const [one] = (await first.invoices()).body.data.invoices;
    const [two] = (await second.invoices()).body.data.invoices;
    const year = new Date().getUTCFullYear();
    expect(one.number).toMatch(new RegExp(`^RC-INV-${year}-\\d{6}$`));
    expect(Number(two.number.slice(-6))).toBe(Number(one.number.slice(-6)) + 1);
    expect(one).toMatchObject({
      order_id: a.order.id,
      order_number: a.order.number,
      currency: 'GBP',
      shows_vat: true,
      // Ringo has connected no Stripe account of its own: the platform is paid and so is the
      // supplier (issue 26 point 12, decision 0231); the series stays Ringo's.
      supplier: {
        legal_name: 'Nameport Ltd',
        vat_number: 'GB123456789',
        company_number: '09876543',
        address: ['1 Harbour Street', 'London', 'E1 6AN', 'United Kingdom'],
      },
      customer: { name: 'Grace Hopper', vat_number: 'GB123456789', country: 'GB' },
      totals: a.order.totals,
    });
    expect(one.lines).toHaveLength(3);
    expect(one.lines[0]).toMatchObject({
      description: `${a.domain}: domain registration, 2 years`,
      quantity: 1,
      vat_rate: 20,
      net: 1000 + 1200,
    });
    expect(one.issued_at).toBe(one.supplied_at);
    // Another account sees none of it.
    expect((await second.invoice(one.id)).status).toBe(404);
    expect((await first.invoice(one.id)).body.data.invoice).toEqual(one);
  });

  it('download as a PDF with an embedded font that has £', async () => {
    const b = await buyer(routes);
    const { payment } = await placed(b);
    await b.demo(payment.id, 'succeed');
    const [invoice] = (await b.invoices()).body.data.invoices;
    const pdf = await b.pdf(invoice.id);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.bytes.toString('latin1')).toMatch(/DejaVuSans/);
    const other = await buyer(routes);
    expect((await other.pdf(invoice.id)).status).toBe(404);
  });

  it('in USD carry no VAT', async () => {
    const b = await buyer(routes, { siteVersion: 2 });
    const { payment } = await placed(b, {}, 2);
    await b.demo(payment.id, 'succeed');
    const [invoice] = (await b.invoices()).body.data.invoices;
    expect(invoice).toMatchObject({ currency: 'USD', shows_vat: false });
    expect(invoice.totals.vat).toBe(0);
    expect(invoice.lines.every((l: { vat_rate: number }) => l.vat_rate === 0)).toBe(true);
    // The receipt calls it what its title says: an invoice, not a VAT invoice.
    await finishPayment(payment.id);
    await runDueJobs();
    const receipt = await mail.waitFor(b.email, (m) => m.subject.startsWith('Payment received'));
    expect(receipt.text).toContain(`Your invoice ${invoice.number} is attached.`);
    expect(receipt.text).not.toContain('VAT');
  });
});

describe('an order unpaid for 24 hours', () => {
  it('is cancelled by the expiry job and its number is for sale again', async () => {
    const b = await buyer(routes);
    const { order, number, payment } = await placed(b);
    expect(Date.parse(order.expires_at) - Date.parse(order.created_at)).toBe(24 * 60 * 60_000);
    // This process's clock moves a day on. The finder would cancel every awaiting order of the
    // database, which the PostgreSQL lane shares with other test files: this one is run alone.
    expect(await expiredOrderIds(now())).not.toContain(order.id);
    advanceClock(25 * 60 * 60_000);
    expect(await expiredOrderIds(now(), 100_000)).toContain(order.id);
    await expireOrder({ orderId: order.id });
    await expireOrder({ orderId: order.id });
    await b.signIn();
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('cancelled');
    expect(detail.payments[0].status).toBe('failed');
    const [row] = await (
      await appDb()
    )
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, number));
    expect(row).toMatchObject({ heldByOrder: null });
    expect((await b.demo(payment.id, 'succeed')).status).toBe(409);
    expect((await b.payAgain(order.id)).body.error.code).toBe('order_not_payable');
  });
});

describe('one order, one payment', () => {
  /** POST /api/orders/{id}/pay as a client sends it: no body, `{}` or a kept method. */
  const pay = (b: Buyer, orderId: string, json?: object) =>
    b.agent.call(routes.pay.POST, `/api/orders/${orderId}/pay`, {
      method: 'POST',
      params: { id: orderId },
      headers: b.headers(),
      ...(json === undefined ? {} : { json }),
    });

  it('20 open attempts confirmed at once: one is paid, the other 19 are refused with 409 before money moves', async () => {
    const b = await buyer(routes);
    const { order, payment } = await placed(b);
    const attempts = [payment.id];
    for (let i = 0; i < 19; i++) attempts.push((await b.payAgain(order.id)).body.data.payment.id);
    const answers = await Promise.all(attempts.map((id) => b.demo(id, 'succeed')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a.body.error.code).toBe('order_not_payable');
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('fulfilled');
    const statuses = detail.payments.map((p: { status: string }) => p.status);
    expect(statuses.filter((s: string) => s === 'succeeded')).toHaveLength(1);
    expect(statuses.filter((s: string) => s === 'failed')).toHaveLength(19);
    const db = await appDb();
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(await db.select().from(services).where(eq(services.orderId, order.id))).toHaveLength(3);
  });

  /** A buyer whose first order was paid by demo card, kept: answers the buyer and its methods. */
  async function withKeptCard() {
    const b = await buyer(routes);
    const first = await placed(b, { save_payment_method: true });
    await b.demo(first.payment.id, 'succeed');
    const { payment_methods } = (
      await b.agent.call(
        (await import('@/app/api/account/payment-methods/route')).GET,
        '/api/account/payment-methods',
        { headers: b.headers() },
      )
    ).body.data;
    return { b, payment_methods };
  }

  it('two parallel payments with a kept card: one 201 paid, the other 409 order_not_payable', async () => {
    const { b, payment_methods } = await withKeptCard();
    const { order } = await placed(b);
    const answers = await Promise.all([
      pay(b, order.id, { payment_method_id: payment_methods[0].id }),
      pay(b, order.id, { payment_method_id: payment_methods[0].id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 201)!.body.data.payment.status).toBe('succeeded');
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('order_not_payable');
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('fulfilled');
    expect(
      detail.payments.filter((p: { status: string }) => p.status === 'succeeded'),
    ).toHaveLength(1);
  });

  it('a renewal paid with the kept card on its pay page: the order answers one payment taken, its first attempt not charged', async () => {
    const renew = await import('@/app/api/services/[id]/renew/route');
    const { b, payment_methods } = await withKeptCard();
    const domain = (await b.services()).body.data.services.find(
      (s: { type: string }) => s.type === 'domain',
    );
    const renewal = await b.agent.call(renew.POST, `/api/services/${domain.id}/renew`, {
      method: 'POST',
      json: { years: 2 },
      params: { id: domain.id },
      headers: b.headers(),
    });
    expect(renewal.status).toBe(201);
    const { order, payment } = renewal.body.data;
    // The dashboard sends the customer to this attempt's pay page, which offers the kept card.
    expect(payment).toMatchObject({
      status: 'requires_payment',
      redirect_url: `/checkout/pay/${payment.id}`,
    });
    const paid = await pay(b, order.id, { payment_method_id: payment_methods[0].id });
    expect(paid.status).toBe(201);
    const charged = paid.body.data.payment;
    expect(charged).toMatchObject({ status: 'succeeded', amount: order.totals.gross });

    // What the order page shows: one payment taken, and nothing left waiting.
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('fulfilled');
    expect(detail.payments).toHaveLength(2);
    const byId = (id: string) => detail.payments.find((p: { id: string }) => p.id === id);
    expect(byId(charged.id)).toMatchObject({ status: 'succeeded' });
    expect(byId(payment.id)).toMatchObject({
      status: 'failed',
      failure_message: `Order ${order.number} was paid with another payment.`,
    });
    // The pay page left open in another tab takes nothing either.
    expect((await b.demo(payment.id, 'succeed')).body.error.code).toBe('order_not_payable');
    expect((await b.getOrder(order.id)).body.data.payments).toEqual(detail.payments);
  });

  it('starts a new attempt from no body or an empty JSON object, and answers one message when the order takes no payment', async () => {
    const b = await buyer(routes);
    const { order, payment } = await placed(b);
    const empty = await pay(b, order.id, {});
    expect(empty.status).toBe(201);
    expect(empty.body.data.payment).toMatchObject({
      status: 'requires_payment',
      amount: order.totals.gross,
    });
    expect((await pay(b, order.id)).status).toBe(201);
    const wrong = await pay(b, order.id, { payment_method_id: 'nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty('payment_method_id');
    await b.demo(payment.id, 'succeed');
    const paid = await pay(b, order.id, {});
    expect(paid.status).toBe(409);
    expect(paid.body.error).toEqual({
      code: 'order_not_payable',
      message: `Order ${order.number} is fulfilled: it takes no payment.`,
    });
  });
});
