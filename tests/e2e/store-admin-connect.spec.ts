import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import type { MailServer } from '../support/mail-server';
import { SMTP_PORT, startSuiteMailbox } from './auth-support';
import { checkAdminPage, turnOnAndOpenAdmin } from './admin-support';
import { fillBilling, registerInCheckout } from './checkout-support';
import { PORT, startExtraServer, visit } from './support';

/**
 * Stripe Connect in the browser (issue 26 point 12): on a production server with Stripe, the demo
 * owner of bytes.localhost connects the store's own Stripe account through the (stand-in) hosted
 * onboarding, comes back to a store that sells in its own name, and a shopper's card is then
 * paid on the pay page into that account (Stripe.js told the account, the charge made with it).
 */

test.use({ locale: 'en-GB' });

const EXTRA_PORT = PORT + 4;
const WEBHOOK_SECRET = 'whsec_e2econnect0123456789';
const BYTES = `http://bytes.localhost:${EXTRA_PORT}`;
const OWNER = { email: 'owner@bytes.localhost', password: 'bytes admin demo' };
let stripe: FakeStripe;
let server: ChildProcess;
let mailbox: MailServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startSuiteMailbox();
  stripe = await startFakeStripe({
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${EXTRA_PORT}/api/payments/stripe/webhook`,
  });
  server = await startExtraServer({
    command: [process.execPath, path.resolve('scripts/serve.mjs')],
    port: EXTRA_PORT,
    host: 'bytes.localhost',
    env: {
      PORT: String(EXTRA_PORT),
      DATABASE_URL: 'pglite:memory',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2econnect0123456789',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2econnect0123456789',
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

async function signInWithSecondFactor(page: Page) {
  await visit(page, `${BYTES}/admin`);
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('E-mail address').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page
    .getByRole('region', { name: 'Authenticator app' })
    .getByLabel('Your password')
    .fill(OWNER.password);
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  // This server keeps the real time (no TEST_CLOCK).
  await page.getByLabel('Code from the app').fill(app.generate());
  await turnOnAndOpenAdmin(page);
}

test('the owner connects the store’s Stripe account; a shopper’s card is then paid into it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext()).newPage();
  await signInWithSecondFactor(owner);
  await owner
    .getByRole('navigation', { name: 'Bytes Domains admin' })
    .getByRole('link', { name: 'Payments', exact: true })
    .click();
  await expect(owner).toHaveURL(/\/admin\/payments$/);
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const merchant = owner.getByRole('region', { name: 'Merchant of record' });
  await expect(merchant).toContainText('sells under the platform');

  // Stripe's onboarding (the stand-in completes at once) sends the owner back.
  await owner.getByRole('button', { name: 'Connect a Stripe account' }).click();
  await expect(owner).toHaveURL(/\/admin\/payments\?connect=return$/);
  const [account] = [...stripe.accounts.keys()];
  await expect(merchant).toContainText('sells in its own name');
  await expect(merchant).toContainText(`Stripe account ${account}: Connected`);
  await checkAdminPage(owner, '/admin/payments (connected)');

  // A shopper buys a plan with a card on the store.
  const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await visit(page, `${BYTES}/plans`);
  await page.locator('[data-plan="business"]').getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');
  await visit(page, `${BYTES}/checkout`);
  await registerInCheckout(page, mailbox, BYTES);
  await fillBilling(page);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await page.getByLabel('Card number (Stripe test card)').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.locator('[data-order-status="fulfilled"]')).toContainText('Paid and ready');

  // The intent was made in the store's account, and the browser confirmed it there.
  // (The browser's CORS preflight carries no headers of its own: it is not a call.)
  const intents = stripe.calls.filter(
    (c) => c.path.startsWith('/v1/payment_intents') && c.method !== 'OPTIONS',
  );
  expect(intents.some((c) => c.path.endsWith('/confirm'))).toBe(true);
  expect(intents.length).toBeGreaterThan(1);
  expect(intents.every((c) => c.stripeAccount === account)).toBe(true);
  await expect
    .poll(() =>
      stripe.sent.filter((e) => e.type === 'payment_intent.succeeded').map((e) => e.status),
    )
    .toEqual([200]);
});
