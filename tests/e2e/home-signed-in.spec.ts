import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { PORT, visit } from './support';

/**
 * The cached home pages' account parts follow the customer, as the header does: signed in, acme's
 * "Already a customer?" panel leads to the dashboard, and the telephony brand's home is the
 * overview itself.
 */

const PASSWORD = 'a signed-in home passphrase';
let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

test('acme.localhost: the home page stops asking a signed-in customer to sign in', async ({
  page,
}) => {
  const host = 'acme.localhost';
  const base = `http://${host}:${PORT}`;
  await visit(page, `${base}/`);
  const section = page.getByRole('region', { name: 'Already a customer?' });
  await expect(section.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await signIn(page, host);
  await visit(page, `${base}/`);
  await expect(section.getByRole('link', { name: /dashboard/i })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
});

// A dashboard-only brand: the signed-in home is the overview (decision 0135).
test("callwave.localhost: a visitor may sign in or register; a customer's home is the overview", async ({
  page,
}) => {
  const host = 'callwave.localhost';
  const base = `http://${host}:${PORT}`;
  await visit(page, `${base}/`);
  const section = page.getByRole('region', { name: 'Your account' });
  await expect(section.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/register',
  );

  await signIn(page, host);
  await visit(page, `${base}/`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByText(/Sign in to your Callwave account/)).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Your account' });
  await expect(nav.getByRole('link', { name: 'Numbers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Domains' })).toHaveCount(0);
});

async function signIn(page: Page, host: string) {
  const email = suiteEmail('home');
  await activeCustomer(mailbox, email, PASSWORD, 'Hana Home', host);
  await visit(page, `http://${host}:${PORT}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
