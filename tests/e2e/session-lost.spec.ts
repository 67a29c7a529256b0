import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { PORT, visit } from './support';

/**
 * A customer whose session goes while a page is open (the cookie cleared, the session ended) is
 * told so in plain words, with the way on: sign in again, and come back to the same page. The
 * page stops saying who is signed in.
 */

test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

const PASSWORD = 'a lost session passphrase';
let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

test('a lost session at checkout says so, offers to sign in again and comes back to the checkout', async ({
  page,
  context,
}) => {
  const base = `http://nameport.localhost:${PORT}`;
  const email = suiteEmail('lost');
  await activeCustomer(mailbox, email, PASSWORD, 'Lou Lost');
  await visit(page, `${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, `${base}/plans`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.locator('[data-plan="business"]').getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();

  await visit(page, `${base}/checkout`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  // The session cookie goes (another tab signed out, the browser dropped it); the token stays.
  const sessionCookies = (await context.cookies()).filter((c) => /sid$/.test(c.name));
  expect(sessionCookies.length).toBeGreaterThan(0);
  await context.clearCookies({ name: sessionCookies[0]!.name });

  await page.getByLabel('Full name').fill('Lou Lost');
  await page.getByLabel('Address line 1').fill('1 Canal Street');
  await page.getByLabel('Town or city').fill('Manchester');
  await page.getByLabel('Postcode').fill('M1 3HE');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  const notice = page
    .getByRole('alert')
    .filter({ has: page.getByRole('link', { name: 'Sign in again' }) });
  await expect(notice).toContainText('You are signed out');
  await expect(notice).toBeVisible();
  await expect(page.getByText(/X-XSRF-TOKEN|Sign in first/)).toHaveCount(0);
  await expect(page.getByText(/Signed in as/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await notice.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});
