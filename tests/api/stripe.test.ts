import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { apiRequest } from '../support/requests';
import { startFakeStripe } from '../support/fake-stripe';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { startMailServer } from '../support/mail-server';

// The real SDK against a local Stripe-compatible server (the test's outside world).
const WEBHOOK_SECRET = 'whsec_testlanesecret0123456789';
const stripe = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
stripe.autoWebhooks(false);
// Real mail: the refund notice leaves over SMTP through this process's job workers.
const mail = await startMailServer();
Object.assign(process.env, {
  SMTP_URL: mail.url,
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_storefront0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_storefront0123456789',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripe.url,
});
const { runJobsInThisProcess, runDueJobs } = await import('@/lib/jobs/process-queue.server');
await runJobsInThisProcess();
const routes = await checkoutRoutes();
const webhookRoute = await import('@/app/api/payments/stripe/webhook/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { invoices, paymentEvents, services } = await import('@/lib/db/schema');
const { eq } = await import('drizzle-orm');
const { stripePayment, stripeReturn } =
  await import('@/features/purchase/server/stripe-actions.server');
const { accountPaymentMethods } = await import('@/features/payments/server/payments.server');

const signer = new Stripe('sk_test_signer', { telemetry: false });

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(async () => {
  await stripe.close();
  await mail.close();
});

/** Posts an event to the webhook route as Stripe would: signed over the raw body. */
async function webhook(event: object | string, secret = WEBHOOK_SECRET, timestamp?: number) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const response = await webhookRoute.POST(
    apiRequest('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    }),
    undefined as never,
  );
  return { status: response.status, body: await response.json() };
}

async function stripeOrder(b: Buyer, extra: object = {}) {
  const ready = await readyCart(b);
  const placed = await b.order({ ...ready.body, ...extra });
  expect(placed.status).toBe(201);
  const { order, payment } = placed.body.data;
  const scope = { accountId: b.accountId, storeKey: b.store.key };
  const started = await stripePayment(scope, payment.id);
  return { order, payment, scope, intentId: started.payment.providerRef!, started };
}

const invoicesOf = async (orderId: string) =>
  (await appDb()).select().from(invoices).where(eq(invoices.orderId, orderId));

describe('the Stripe provider', () => {
  it('makes one PaymentIntent for the order’s amount, with an idempotency key, however often the pay page opens', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId, started, scope } = await stripeOrder(b);
    expect(payment).toMatchObject({
      provider: 'stripe',
      redirect_url: `/checkout/pay/${payment.id}`,
    });
    const intent = stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({
      amount: order.totals.gross,
      currency: 'gbp',
      metadata: { payment_id: payment.id, order_id: order.id, order_number: order.number },
    });
    expect(started.clientSecret).toBe(intent.client_secret);
    const again = await stripePayment(scope, payment.id);
    expect(again.payment.providerRef).toBe(intentId);
    const creates = stripe.calls.filter((c) => c.path === '/v1/payment_intents');
    const mine = creates.filter((c) => c.idempotencyKey === `payment-${payment.id}-create`);
    expect(mine).toHaveLength(2);
    expect(creates.every((c) => c.idempotencyKey)).toBe(true);
  });

  it('a signed succeeded webhook finishes the order once; a redelivery and the return page change nothing', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId, scope } = await stripeOrder(b);
    const event = stripe.pay(intentId);
    const first = await webhook(event);
    expect(first).toEqual({ status: 200, body: { data: { received: true } } });
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('fulfilled');
    const again = await webhook(event);
    expect(again.body.data).toEqual({ received: true, duplicate: true });
    expect(await stripeReturn(scope, payment.id)).toBe(`/orders/${order.id}`);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    const rows = await (
      await appDb()
    )
      .select()
      .from(services)
      .where(eq(services.orderId, order.id));
    expect(rows).toHaveLength(3);
  });

  it('refuses a webhook with a bad signature with 400, and nothing changes', async () => {
    const b = await buyer(routes);
    const { order, intentId } = await stripeOrder(b);
    const event = stripe.pay(intentId);
    const forged = await webhook(event, 'whsec_someoneelse000000');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_signature');
    const unsigned = await webhookRoute.POST(
      apiRequest('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      }),
      undefined as never,
    );
    expect(unsigned.status).toBe(400);
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('awaiting_payment');
    const seen = await (
      await appDb()
    )
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(seen).toEqual([]);
  });

  it('the return page and the webhook at once finish the order once', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId, scope } = await stripeOrder(b);
    const event = stripe.pay(intentId);
    const [hook, back, hook2] = await Promise.all([
      webhook(event),
      stripeReturn(scope, payment.id),
      webhook(stripe.event('payment_intent.succeeded', intentId)),
    ]);
    expect(hook.status).toBe(200);
    expect(hook2.status).toBe(200);
    expect(back).toBe(`/orders/${order.id}`);
    expect(await invoicesOf(order.id)).toHaveLength(1);
  });

  it('handles events in any order: a late "failed" does not undo a success', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId } = await stripeOrder(b);
    const failed = stripe.pay(intentId, 'pm_card_chargeDeclined');
    const succeeded = stripe.pay(intentId, 'pm_card_visa');
    expect((await webhook(succeeded)).status).toBe(200);
    expect((await webhook(failed)).status).toBe(200);
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('fulfilled');
    expect(detail.payments.find((p: { id: string }) => p.id === payment.id).status).toBe(
      'succeeded',
    );
  });

  it('a declined card leaves the order awaiting payment, and a new attempt gets a new intent', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId, scope } = await stripeOrder(b);
    await webhook(stripe.pay(intentId, 'pm_card_chargeDeclined'));
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('awaiting_payment');
    expect(detail.payments[0]).toMatchObject({
      status: 'failed',
      failure_message: 'Your card was declined.',
    });
    const retry = await b.payAgain(order.id);
    const next = await stripePayment(scope, retry.body.data.payment.id);
    expect(next.payment.providerRef).not.toBe(intentId);
    expect(await stripeReturn(scope, payment.id)).toBe(`/checkout/pay/${payment.id}`);
    await webhook(stripe.pay(next.payment.providerRef!));
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('fulfilled');
  });

  it('keeps the card for renewals when asked: a Stripe customer and setup for off-session use', async () => {
    const b = await buyer(routes);
    const { intentId } = await stripeOrder(b, { save_payment_method: true });
    const intent = stripe.intents.get(intentId)!;
    expect(intent.customer).toMatch(/^cus_/);
    expect(intent.setup_future_usage).toBe('off_session');
    await webhook(stripe.pay(intentId));
    const methods = await accountPaymentMethods(b.accountId);
    expect(methods).toMatchObject([
      { provider: 'stripe', providerRef: 'pm_card_visa', customerRef: intent.customer },
    ]);
  });
});

describe('Stripe events are checked against the payment', () => {
  it('refuses stale, missing and wrong signatures with 400 invalid_signature', async () => {
    const b = await buyer(routes);
    const { order, intentId } = await stripeOrder(b);
    const event = stripe.pay(intentId);
    const stale = await webhook(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('invalid_signature');
    const missing = await webhookRoute.POST(
      apiRequest('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': '' },
        body: JSON.stringify(event),
      }),
      undefined as never,
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe('invalid_signature');
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('awaiting_payment');
  });

  it('answers 400 invalid_event to signed events that are not events: not JSON, no data, a null object, no id', async () => {
    const b = await buyer(routes);
    const { intentId } = await stripeOrder(b);
    const event = stripe.pay(intentId);
    const noId: Record<string, unknown> = { ...event };
    delete noId.id;
    const bodies = [
      'this is not JSON',
      JSON.stringify({ ...event, data: undefined }),
      JSON.stringify({ ...event, data: { object: null } }),
      JSON.stringify(noId),
    ];
    for (const body of bodies) {
      const answer = await webhook(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('invalid_event');
    }
  });

  it('a signed success for an intent the payment did not record, or for another amount or currency, is kept and never applied', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId } = await stripeOrder(b);
    const foreign = stripe.event('payment_intent.succeeded', intentId);
    foreign.data.object = {
      ...foreign.data.object,
      id: 'pi_someoneelse0000000000',
      amount: 100,
      currency: 'usd',
      status: 'succeeded',
      metadata: { payment_id: payment.id, order_id: order.id },
    };
    expect((await webhook(foreign)).status).toBe(200);
    const cheaper = stripe.event('payment_intent.succeeded', intentId);
    cheaper.data.object = { ...cheaper.data.object, amount: 1, status: 'succeeded' };
    expect((await webhook(cheaper)).status).toBe(200);
    const dollars = stripe.event('payment_intent.succeeded', intentId);
    dollars.data.object = { ...dollars.data.object, currency: 'usd', status: 'succeeded' };
    expect((await webhook(dollars)).status).toBe(200);
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('awaiting_payment');
    expect(detail.payments[0].status).toBe('requires_payment');
    const kept = await (
      await appDb()
    )
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.provider, 'stripe'));
    const ids = kept.map((e) => e.eventId);
    expect(ids).toEqual(expect.arrayContaining([foreign.id, cheaper.id, dollars.id]));
    // The real one still counts.
    expect((await webhook(stripe.pay(intentId))).status).toBe(200);
    expect((await b.getOrder(order.id)).body.data.order.status).toBe('fulfilled');
  });

  it('a second attempt Stripe took after the order was paid is refunded through Stripe, recorded and mailed', async () => {
    const b = await buyer(routes);
    const { order, payment, intentId, scope } = await stripeOrder(b);
    const retry = (await b.payAgain(order.id)).body.data.payment;
    const second = (await stripePayment(scope, retry.id)).payment.providerRef!;
    // Two tabs: the customer pays both pay pages.
    const paidFirst = stripe.pay(intentId);
    const paidSecond = stripe.pay(second);
    const answers = await Promise.all([webhook(paidFirst), webhook(paidSecond)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await runDueJobs();
    const detail = (await b.getOrder(order.id)).body.data;
    expect(detail.order.status).toBe('fulfilled');
    const statuses = detail.payments.map((p: { status: string }) => p.status).sort();
    expect(statuses).toEqual(['refunded', 'succeeded']);
    const refunded = detail.payments.find((p: { status: string }) => p.status === 'refunded');
    const refundedIntent = refunded.id === payment.id ? intentId : second;
    expect(stripe.refunds).toEqual([
      expect.objectContaining({ payment_intent: refundedIntent, amount: order.totals.gross }),
    ]);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    const notice = await mail.waitFor(b.email, (m) => m.subject.startsWith('Refund'));
    expect(notice.text).toContain(`Order ${order.number} was already paid`);
    // Redelivered, and the job run again: still one refund.
    await webhook(refundedIntent === intentId ? paidFirst : paidSecond);
    await runDueJobs();
    expect(stripe.refunds).toHaveLength(1);
  });
});
