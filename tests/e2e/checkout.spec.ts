import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox } from './auth-support';
import {
  expectNoSeriousViolations,
  fillBilling,
  PASSWORD,
  registerInCheckout,
} from './checkout-support';
import { controlsWaitForScripts, PORT, serverClock, visit } from './support';

/**
 * The checkout's browser suite: the whole journey as a new customer, on nameport and on acme, at
 * phone width, with axe on every checkout step: search, add a domain, a number and a plan,
 * register inside the checkout and activate from the mailbox, billing and number address, pay
 * with the demo provider (declined first), see the order, open the invoice.
 */

test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

/** The store's terms and privacy notice are a click away from the box that accepts them. */
async function expectLegalLinks(page: Page) {
  const step = page.getByRole('main');
  await expect(
    step.getByRole('link', { name: 'terms and conditions', exact: true }),
  ).toHaveAttribute('href', '/terms');
  await expect(step.getByRole('link', { name: 'privacy notice', exact: true })).toHaveAttribute(
    'href',
    '/privacy',
  );
}

async function journey(page: Page, host: string) {
  const base = `http://${host}:${PORT}`;
  const name = `buy${Date.now().toString(36)}`;

  // A domain, a number and a plan, as a visitor.
  await visit(page, `${base}/domains/search?q=${name}.com`);
  const card = page.locator(`[data-domain="${name}.com"]`);
  await expect(card).toContainText('Available');
  await card.getByRole('button', { name: `Add ${name}.com to cart` }).click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();
  await visit(page, `${base}/numbers`);
  await page.getByLabel('Area code or prefix').fill('0161');
  await page.getByRole('button', { name: 'Find numbers' }).click();
  const number = page.locator('[data-number^="+44161"]').first();
  // The card shows the number as people read it (0161 496 0000); the cart uses that too.
  const e164 = (await number.getByRole('heading').innerText()).trim();
  await number.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText(e164);
  await visit(page, `${base}/plans`);
  const business = page.locator('[data-plan="business"]');
  await business.getByLabel('Users').fill('2');
  await business.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');

  // From the cart to the checkout, registering there.
  await visit(page, `${base}/cart`);
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const email = await registerInCheckout(page, mailbox, base);

  await fillBilling(page);

  // The registrant is the billing details; the number needs a UK address.
  await expect(page.getByRole('heading', { name: 'Registrant and addresses' })).toBeFocused();
  await expect(page.getByRole('group', { name: 'Domain registrant' })).toContainText(
    `${name}.com will be registered to the name and address of your billing details.`,
  );
  await expectNoSeriousViolations(page, 'details');
  const address = page.getByRole('group', { name: `Address for ${e164}` });
  await expect(address).toContainText('an address in the United Kingdom for this number');
  // The billing address is in the number's country: it is the number's unless unticked.
  await expect(address.getByLabel('Same as the billing address')).toBeChecked();
  await expect(address.getByLabel('Address line 1')).toHaveCount(0);
  await address.getByLabel('Same as the billing address').uncheck();
  await expect(address).toContainText('Country: United Kingdom');
  await address.getByLabel('Same as the billing address').check();
  await page.getByRole('button', { name: 'Continue to review' }).click();

  // Review: every line, VAT, due today and what recurs; the terms; pay.
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
  // A reload keeps the review and the details given for it; they can still be changed.
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await page.getByRole('button', { name: 'Change registrant and addresses' }).click();
  await expect(page.getByRole('heading', { name: 'Registrant and addresses' })).toBeFocused();
  await expect(address.getByLabel('Same as the billing address')).toBeChecked();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
  await expectNoSeriousViolations(page, 'review');
  // Not keeping a payment method is the customer's choice, told what it means before paying.
  await expect(page.getByLabel('Keep my payment method for renewals')).not.toBeChecked();
  await expect(page.getByLabel('Keep my payment method for renewals')).toHaveAccessibleDescription(
    /Without one, monthly services end after their first month unless you renew them/,
  );
  const review = page.getByRole('list', { name: 'Your order' });
  await expect(review).toContainText(`${name}.com`);
  await expect(review).toContainText(e164);
  await expect(review).toContainText('Business plan');
  const billedTo = page.getByRole('region', { name: 'Billing address' });
  await expect(billedTo).toContainText('Analytical Engines Ltd');
  await expect(billedTo).toContainText('12 St James’s Square');
  await expect(billedTo).toContainText('GB999999973');
  // Who the domain is registered to is checked before paying too: here the billing details.
  await expect(page.getByRole('region', { name: 'Domain registrant' })).toContainText(
    'as in the billing details',
  );
  // And where the number is registered to, the billing address here.
  await expect(page.getByRole('region', { name: `Address for ${e164}` })).toContainText(
    '12 St James’s Square',
  );
  await expect(page.getByText('of which VAT (20%)')).toBeVisible();
  await expect(page.locator('[data-total="monthly"]')).not.toHaveText('£0.00');
  await expectLegalLinks(page);
  // The terms unticked: the page says so beside the box, which takes the focus; nothing is placed.
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();
  await expect(page.getByText('Tick the box to accept the terms and conditions')).toBeVisible();
  await expect(page.getByLabel(/I accept the/)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await page.getByLabel(/I accept the/).check();
  await expect(page.getByText('Tick the box to accept the terms and conditions')).toHaveCount(0);
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();

  // The demo pay page: declined first, then paid after a second confirmation.
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await expect(page.getByText('Demo payment — no money moves.')).toBeVisible();
  await expectNoSeriousViolations(page, 'pay');
  // The pay page's buttons are disabled until its scripts have arrived: a click then would do
  // nothing, and a customer would think they had paid.
  await controlsWaitForScripts(page, page.url(), (tab) => [
    tab.getByRole('button', { name: 'Pay (demo: succeeds)' }),
  ]);
  await page.getByRole('button', { name: 'Decline (demo)' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toContainText(
    'The card was declined (demo).',
  );
  // The message takes the focus the clicked (and now gone) button had.
  await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toBeFocused();
  await expectNoSeriousViolations(page, 'declined');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Needs authentication (demo)' })).toBeVisible();
  await page.getByRole('button', { name: 'Needs authentication (demo)' }).click();
  await expect(page.getByText('Your bank asks you to confirm')).toBeVisible();
  await expectNoSeriousViolations(page, 'authentication');
  await page.getByRole('button', { name: 'Confirm payment (demo)' }).click();

  // The order, paid and ready; then its invoice and PDF.
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByRole('heading', { name: /^Order [A-Z]{2}-\d{6}$/ })).toBeVisible();
  await expect(page.locator('[data-order-status="fulfilled"]')).toContainText('Paid and ready');
  // Each line says what was bought: the domain's years too.
  await expect(
    page
      .getByRole('region', { name: 'What you ordered' })
      .getByRole('listitem')
      .filter({ hasText: `${name}.com` }),
  ).toContainText(/1 year · VAT 20% · then £[\d.]+ a year/);
  await expectNoSeriousViolations(page, 'order');
  // Paid: the next step, running what was bought, is one link away.
  await expect(page.getByRole('link', { name: 'Manage it in your dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await page.getByRole('link', { name: 'View your invoice' }).click();
  await expect(
    page.getByRole('heading', { name: /^VAT invoice [A-Z]{2}-INV-\d{4}-\d{6}$/ }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toContainText(`${name}.com: domain registration, 1 year`);
  await expect(page.getByRole('region', { name: 'Billed to' })).toContainText('GB999999973');
  await expectNoSeriousViolations(page, 'invoice');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^[A-Z]{2}-INV-\d{4}-\d{6}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The receipt with the invoice attached reaches the customer's mailbox.
  const receipt = await mailbox.waitFor(email, (m) => m.subject.startsWith('Payment received'));
  expect(receipt.raw).toContain('application/pdf');

  // The search page for the name was kept in the page cache when it was searched; the sale is
  // seen there at once, as by the search itself.
  await visit(page, `${base}/domains/search?q=${name}.com`);
  await expect(page.locator(`[data-domain="${name}.com"]`)).toContainText('Taken');
}

test('nameport: a new customer buys a domain, a number and a plan, declined once, then paid', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await journey(page, 'nameport.localhost');
});

test('acme: the same journey in a white-label store', async ({ page }) => {
  test.setTimeout(150_000);
  await journey(page, 'acme.localhost');
});

test('an order left unpaid is cancelled a day later by the job on the product clock', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const base = `http://nameport.localhost:${PORT}`;
  await visit(page, `${base}/plans`);
  await page.locator('[data-plan="starter"]').getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Starter plan');
  await visit(page, `${base}/checkout`);
  const email = await registerInCheckout(page, mailbox, base);
  await fillBilling(page);
  await expectLegalLinks(page);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();
  await expect(page.getByText('Demo payment — no money moves.')).toBeVisible();

  // The order-received mail links to the order; the customer does not pay.
  const received = await mailbox.waitFor(email, (m) => / received - /.test(m.subject));
  expect(received.text).toContain('Unpaid orders are cancelled after 24 hours.');
  const link = received.text.match(/https?:\/\/\S+\/orders\/[0-9a-f-]+/)![0];
  await visit(page, `${base}${new URL(link).pathname}`);
  await expect(page.locator('[data-order-status="awaiting_payment"]')).toBeVisible();

  // Two days on (the move answers once the due jobs ran); signed in again, the order is cancelled.
  await serverClock.advanceDays(2);
  await visit(page, `${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, `${base}${new URL(link).pathname}`);
  await expect(page.locator('[data-order-status="cancelled"]')).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
});

test('the checkout switches between sign-in and sign-up with one link each, without scripts too', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`http://nameport.localhost:${PORT}/checkout`);
  const step = page.getByRole('region', { name: 'Sign in to check out' });
  // One way to an account, and it stays in the checkout.
  await expect(step.getByRole('link', { name: /create an account/i })).toHaveCount(1);
  await step.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/checkout\?account=new$/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeVisible();
  const registering = page.getByRole('region', { name: 'Create an account' });
  await expect(registering.getByRole('link', { name: /sign in/i })).toHaveCount(1);
  await registering.getByRole('link', { name: 'Already registered? Sign in' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await context.close();
});

/**
 * A new customer's cart of one number of the area, taken to the checkout's details step: the
 * number found and added, an account registered in the checkout, the billing details filled.
 * Answers the number (E.164).
 */
async function numberToDetails(page: Page, base: string, area: string, prefix: string) {
  await visit(page, `${base}/numbers`);
  await page.getByLabel('Area code or prefix').fill(area);
  await page.getByRole('button', { name: 'Find numbers' }).click();
  const number = page.locator(`[data-number^="${prefix}"]`).first();
  const e164 = (await number.getByRole('heading').innerText()).trim();
  await number.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText(e164);
  await visit(page, `${base}/checkout`);
  await registerInCheckout(page, mailbox, base);
  await fillBilling(page);
  return e164;
}

test('nameport in dollars: a US number asks for its address with a ZIP code before the review', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A browser that asks in en-US sees the store in dollars and its US numbers.
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const e164 = await numberToDetails(page, `http://nameport.localhost:${PORT}`, '212', '+1212');
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
  // The billing address is in the UK: the US number's address is typed, with a ZIP code.
  const address = page.getByRole('group', { name: `Address for ${e164}` });
  await expect(address).toContainText('Country: United States');
  await expect(address.getByLabel('ZIP code')).toBeVisible();
  await expect(address.getByLabel('Postcode')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'details (US number)');
  // Nothing typed: the step stays, says what is missing and goes to it; nothing is ordered yet.
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(address).toContainText('Address line 1 is required.');
  await expect(address).toContainText('ZIP code is required.');
  // A US address names its state (docs/decisions/0308), chosen from the list.
  await expect(address).toContainText('State is required.');
  await expect(address.getByLabel('Address line 1')).toBeFocused();
  await address.getByLabel('Address line 1').fill('350 Fifth Avenue');
  await address.getByLabel('Town or city').fill('New York');
  await address.getByLabel('State').selectOption({ label: 'New York' });
  await address.getByLabel('ZIP code').fill('10118');
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
  const numberAddress = page.getByRole('region', { name: `Address for ${e164}` });
  await expect(numberAddress).toContainText('350 Fifth Avenue');
  // Town, state and ZIP code on one line, as a US address is written.
  await expect(numberAddress).toContainText('New York, NY 10118');
  await expect(numberAddress).toContainText('United States');
  await context.close();
});

test('acme: a number alone, Back from the pay page, a kept card, and a second tab', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const base = `http://acme.localhost:${PORT}`;
  const e164 = await numberToDetails(page, base, '0161', '+44161');

  // No domain is bought: nothing here is about a registrant.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
  await expect(page.getByText(/registrant/i)).toHaveCount(0);
  const address = page.getByRole('group', { name: `Address for ${e164}` });
  await address.getByLabel('Same as the billing address').check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
  await page.getByLabel('Keep my payment method for renewals').check();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  const orderNumber = (await page.getByRole('heading', { level: 1 }).innerText()).replace(
    'Pay for order ',
    '',
  );

  // Back from the pay page: the order waiting to be paid, not an empty cart.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout$/);
  const waiting = page.getByRole('region', { name: `Order ${orderNumber}` });
  await expect(waiting).toContainText('waiting for payment');
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'order to pay');
  await waiting.getByRole('link', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await page.getByRole('button', { name: 'Pay (demo: succeeds)' }).click();
  await expect(page.locator('[data-order-status="fulfilled"]')).toBeVisible();

  // A plan next, checked out in two tabs; the first pays with the card kept above.
  await visit(page, `${base}/plans`);
  await page.locator('[data-plan="business"]').getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');
  const stale = await page.context().newPage();
  await visit(stale, `${base}/checkout`);
  await expect(stale.getByRole('heading', { name: 'Review and pay' })).toBeVisible();
  await visit(page, `${base}/checkout`);
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Place order and pay £/ }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  const second = (await page.getByRole('heading', { level: 1 }).innerText()).replace(
    'Pay for order ',
    '',
  );
  await expectNoSeriousViolations(page, 'pay with a kept card');
  await page
    .getByRole('button', { name: /^Pay £[\d.]+ with Demo card \(no money moves\)$/ })
    .click();
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.locator('[data-order-status="fulfilled"]')).toBeVisible();

  // The stale tab says where the order went, with a link to it.
  await stale.getByLabel(/I accept the/).check();
  await stale.getByRole('button', { name: /^Place order and pay £/ }).click();
  await expect(
    stale.getByRole('status').filter({ hasText: 'placed in another tab or window' }),
  ).toContainText(`Order ${second} was placed in another tab or window`);
  await stale.getByRole('link', { name: `See order ${second}` }).click();
  await expect(stale.locator('[data-order-status="fulfilled"]')).toBeVisible();
  await stale.close();
});
