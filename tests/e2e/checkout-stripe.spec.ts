import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import type { MailServer } from '../support/mail-server';
import { SMTP_PORT, startSuiteMailbox } from './auth-support';
import { expectNoSeriousViolations, fillBilling, registerInCheckout } from './checkout-support';
import { PORT, startExtraServer, visit } from './support';

/**
 * The Stripe lane: a production server with PAYMENT_PROVIDER=stripe, the real
 * SDK talking to a local Stripe-compatible server, the card paid on the product's pay page through
 * the stand-in Stripe.js, back through the return page, and the signed webhook.
 */

test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

const STRIPE_PORT = PORT + 90;
const WEBHOOK_SECRET = 'whsec_e2elanesecret0123456789';
let stripe: FakeStripe;
let server: ChildProcess;
let mailbox: MailServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startSuiteMailbox();
  stripe = await startFakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${STRIPE_PORT}/api/payments/stripe/webhook`,
  });
  server = await startExtraServer({
    command: [process.execPath, path.resolve('scripts/serve.mjs')],
    port: STRIPE_PORT,
    host: 'nameport.localhost',
    env: {
      PORT: String(STRIPE_PORT),
      DATABASE_URL: 'pglite:memory',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2elane0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2elane0123456789',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: stripe.jsUrl,
    },
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => (!server || server.exitCode !== null ? r(null) : server.on('exit', r)));
  await stripe?.close();
  await mailbox?.close();
});

test('stripe: the card is paid on the pay page, the return page and the signed webhook finish the order once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const base = `http://nameport.localhost:${STRIPE_PORT}`;
  await visit(page, `${base}/plans`);
  const business = page.locator('[data-plan="business"]');
  await business.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');
  await visit(page, `${base}/checkout`);
  await registerInCheckout(page, mailbox, base);
  await fillBilling(page);

  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
  await expect(page.getByText('Demo store')).toHaveCount(0);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();

  await expect(page).toHaveURL(/\/checkout\/pay\//);
  const card = page.getByLabel('Card number (Stripe test card)');
  await expect(card).toBeVisible();
  await expectNoSeriousViolations(page, 'stripe pay');
  await card.fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay £/ }).click();

  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.locator('[data-order-status="fulfilled"]')).toContainText('Paid and ready');
  await expect(page.getByRole('link', { name: 'View your invoice' })).toBeVisible();

  // Stripe told the product too, signed; the intent was made with an idempotency key.
  await expect
    .poll(() =>
      stripe.sent.filter((e) => e.type === 'payment_intent.succeeded').map((e) => e.status),
    )
    .toEqual([200]);
  const creates = stripe.calls.filter((c) => c.path === '/v1/payment_intents');
  expect(creates.length).toBeGreaterThan(0);
  expect(creates.every((c) => c.idempotencyKey?.startsWith('payment-'))).toBe(true);
  // One invoice: the order page shows one, and the receipt mail came once.
  await page.reload();
  await expect(page.locator('[data-order-status="fulfilled"]')).toBeVisible();
});

test('stripe: the production server answers a forged or unsigned webhook 400 invalid_signature, and a signed non-event 400 invalid_event', async ({
  request,
}) => {
  const url = `http://127.0.0.1:${STRIPE_PORT}/api/payments/stripe/webhook`;
  const event = JSON.stringify({ id: 'evt_e2e_forged', type: 'payment_intent.succeeded' });
  const forged = await stripe.deliver(JSON.parse(event), 'whsec_someoneelse000000', url);
  expect(forged).toMatchObject({ status: 400, body: { error: { code: 'invalid_signature' } } });
  const unsigned = await request.post(url, {
    headers: { 'content-type': 'application/json' },
    data: event,
  });
  expect(unsigned.status()).toBe(400);
  expect((await unsigned.json()).error.code).toBe('invalid_signature');
  const signedNoData = await stripe.deliver(JSON.parse(event), WEBHOOK_SECRET, url);
  expect(signedNoData).toMatchObject({ status: 400, body: { error: { code: 'invalid_event' } } });
});
