import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { expectNoSeriousViolations } from './checkout-support';
import { call, expectFitsScreen } from './dashboard-support';
import { PORT, visit } from './support';

/**
 * What is about to be bought can be seen and changed before paying (docs/decisions/0327): on the
 * telephony brand, which has no cart page, the dashboard's Numbers page shows the order so far and
 * the checkout's summary has a Remove for each line; a removed number is offered again. A member
 * whose role may not buy is told so on the cart, which offers no checkout, and cannot hold a
 * number.
 */

const PASSWORD = 'an order lines journey passphrase';

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

async function signIn(page: Page, base: string, email: string) {
  await visit(page, `${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('callwave at phone width', () => {
  test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

  test('a number added on the dashboard is seen and removed there and at the checkout, and is offered again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const base = `http://callwave.localhost:${PORT}`;
    const email = suiteEmail('order-lines');
    await activeCustomer(mailbox, email, PASSWORD, 'Olive Order', 'callwave.localhost');
    await signIn(page, base, email);

    await visit(page, `${base}/dashboard/numbers`);
    const order = page.getByRole('region', { name: 'Your order so far' });
    await expect(order).toContainText('Nothing added yet.');
    const first = page.locator('li[data-number]').first();
    const number = (await first.getAttribute('data-number'))!;
    const shown = (await first.getByRole('heading').innerText()).trim();
    const offered = page.locator(`li[data-number="${number}"]`);
    await first.getByRole('button', { name: `Add ${shown} to cart` }).click();
    await expect(first.getByRole('button', { name: `Added ${shown} to cart` })).toBeVisible();
    // The order so far follows the add at once, with the way to the checkout.
    await expect(order.locator(`[data-order-line="${shown}"]`)).toBeVisible();
    await expect(order.getByRole('link', { name: 'Go to the checkout' })).toBeVisible();

    // A reload: the number is held for this order, so not offered, but still seen and removable.
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(offered).toHaveCount(0);
    await expect(order.locator(`[data-order-line="${shown}"]`)).toBeVisible();
    await expectFitsScreen(page, '/dashboard/numbers with an order');
    await expectNoSeriousViolations(page, '/dashboard/numbers with an order');
    await order.getByRole('button', { name: `Remove ${shown}` }).click();
    const removed = page.getByTestId('removed');
    await expect(removed).toHaveText(
      `Removed ${shown} from your order. It can be chosen again, among the available numbers. Your order is now empty.`,
    );
    // The Remove pressed is gone: the focus is on what happened, not lost to the page.
    await expect(removed).toBeFocused();
    await expect(order).toContainText('Nothing added yet.');
    // The hold is released: the number is offered again, to be added.
    await expect(offered.getByRole('button', { name: `Add ${shown} to cart` })).toBeVisible();

    // Added again, then removed from the checkout's summary, before any step is filled in.
    await offered.getByRole('button', { name: `Add ${shown} to cart` }).click();
    await expect(order.locator(`[data-order-line="${shown}"]`)).toBeVisible();
    // The order changed: the removal's message is gone, and it was never "now empty" (0332).
    await expect(removed).toHaveCount(0);
    await expect(order).not.toContainText('Your order is now empty.');
    await order.getByRole('link', { name: 'Go to the checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary.locator(`[data-order-line="${shown}"]`)).toBeVisible();
    await expect(summary).toContainText('Due today');
    // A dashboard-only brand has no cart page to send the customer to.
    await expect(page.getByRole('link', { name: 'Change your cart' })).toHaveCount(0);
    await expectFitsScreen(page, '/checkout with its summary');
    await expectNoSeriousViolations(page, '/checkout with its summary');
    await summary.getByRole('button', { name: `Remove ${shown}` }).click();
    await expect(removed).toHaveText(
      `Removed ${shown} from your order. It can be chosen again on your dashboard’s Numbers page.`,
    );
    await expect(removed).toBeFocused();
    // The emptied checkout says so once, and leads back to the dashboard (its /numbers is 404).
    await expect(page.getByText('Your order is empty.')).toBeVisible();
    await expect(page.getByText(/now empty/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'a phone number' })).toHaveAttribute(
      'href',
      '/dashboard/numbers',
    );
    await expectNoSeriousViolations(page, 'an emptied checkout');
    await page.getByRole('link', { name: 'a phone number' }).click();
    await expect(page).toHaveURL(/\/dashboard\/numbers$/);
    await expect(offered.getByRole('button', { name: `Add ${shown} to cart` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your order so far' })).toContainText(
      'Nothing added yet.',
    );
  });
});

test.describe('harbor', () => {
  test.use({ locale: 'en-GB' });

  test('a Technical member’s cart says they cannot check out, and they hold no number', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const host = 'harbor.localhost';
    const base = `http://${host}:${PORT}`;
    const ownerEmail = suiteEmail('harbor-owner');
    await activeCustomer(mailbox, ownerEmail, PASSWORD, 'Owen Owner', host);
    await signIn(page, base, ownerEmail);
    const techEmail = suiteEmail('harbor-technical');
    await call(page, 'POST', '/api/account/invites', { email: techEmail, role: 'technical' });
    const invite = await mailbox.waitFor(techEmail, (m) => m.subject.includes('invited you'));
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(invite.text)![1]!;

    const context = await browser.newContext({ locale: 'en-GB' });
    const tech = await context.newPage();
    await visit(tech, `${base}/invite/${token}`);
    await call(tech, 'GET', '/api/token');
    await call(tech, 'POST', '/svc/account', {
      name: 'Tess Technical',
      email: techEmail,
      password: PASSWORD,
      invite_token: token,
    });
    // Signed out, a plan goes into the browser's cart as anyone's does.
    await call(tech, 'POST', '/api/logout');
    await visit(tech, `${base}/plans`);
    await expect(tech.getByTestId('cannot-buy')).toHaveCount(0);
    await tech.getByRole('button', { name: /^Add .*Business plan/ }).click();
    await expect(tech.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');

    // Signed in, the cart kept: it says the role cannot buy, and offers no checkout.
    await signIn(tech, base, techEmail);
    await visit(tech, `${base}/cart`);
    await expect(tech.locator('[data-line="plan"]')).toBeVisible();
    const note = tech.getByTestId('cannot-buy');
    await expect(note).toContainText(
      'Your role cannot buy or pay for this account. Ask someone with the Owner, Admin or Billing role.',
    );
    await expect(tech.getByRole('link', { name: 'Check out' })).toHaveCount(0);
    await expectNoSeriousViolations(tech, 'a Technical member’s cart');

    // The numbers say it before anything is added, and offer no add (0332); the call holds nothing.
    await visit(tech, `${base}/numbers`);
    await expect(tech.getByTestId('cannot-buy')).toBeVisible();
    const adds = tech.locator('li[data-number]').getByRole('button', { name: /^Add / });
    await expect(adds.first()).toBeDisabled();
    for (const add of await adds.all()) await expect(add).toBeDisabled();
    const number = await tech.locator('li[data-number]').first().getAttribute('data-number');
    const refused = await tech.evaluate(async (number) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch('/api/cart', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
        body: JSON.stringify({ type: 'number', number }),
      });
      return r.status;
    }, number);
    expect(refused).toBe(403);
    await visit(tech, `${base}/cart`);
    await expect(tech.locator('[data-line="number"]')).toHaveCount(0);

    // What they have, they can still empty; the empty cart offers no shopping (0332).
    await tech.getByRole('button', { name: 'Empty the cart' }).click();
    await expect(tech.getByText('Your cart is empty.')).toBeVisible();
    await expect(tech.getByTestId('cannot-buy')).toContainText(
      'Ask someone with the Owner, Admin or Billing role.',
    );
    await expect(tech.getByRole('link', { name: 'a phone number' })).toHaveCount(0);
    await visit(tech, `${base}/cart`);
    await expect(tech.getByTestId('cannot-buy')).toBeVisible();
    await expect(tech.getByRole('link', { name: 'Find a domain' })).toHaveCount(0);

    // The checkout says it in the same words.
    await visit(tech, `${base}/checkout`);
    await expect(tech.getByRole('main')).toContainText(
      'Your role cannot buy or pay for this account. Ask someone with the Owner, Admin or Billing role.',
    );
    await context.close();
  });
});
