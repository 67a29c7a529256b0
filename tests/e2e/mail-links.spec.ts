import { expect, test } from '@playwright/test';
import { linkIn, type MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { call, customerWithServices, PASSWORD } from './dashboard-support';
import { PORT, visit } from './support';

/**
 * A mailed link for a signed-out customer (decision 0330): an order's, an invoice's or a credit
 * note's page sends them to sign in with `next`, and signing in ends on that page, not the
 * dashboard. A spent activation link says so before any click.
 */

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

test('a signed-out customer opens an order link, signs in and lands on that order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { base, email } = await customerWithServices(page, mailbox, 'callwave.localhost', 0);
  const { orders } = await call(page, 'GET', '/api/orders');
  const order = `/orders/${orders[0].id}`;
  await call(page, 'POST', '/api/logout');

  await visit(page, `${base}${order}`);
  await expect(page).toHaveURL(`${base}/login?next=${encodeURIComponent(order)}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${base}${order}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // An invoice's link does the same; a foreign `next` is never followed.
  await call(page, 'POST', '/api/logout');
  await visit(page, `${base}/invoices/${orders[0].id}`);
  await expect(page).toHaveURL(/\/login\?next=%2Finvoices%2F/);
  await visit(page, `${base}/login?next=${encodeURIComponent('//evil.example/x')}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
});

test('a spent activation link says so before any click', async ({ page }) => {
  const base = `http://callwave.localhost:${PORT}`;
  const email = suiteEmail('spent');
  await activeCustomer(mailbox, email, PASSWORD, 'Sam Spent', 'callwave.localhost');
  const mail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const token = linkIn(mail, '/activate').searchParams.get('token');

  await visit(page, `${base}/activate?token=${token}`);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('already active');
  await expect(page.getByRole('button', { name: 'Activate my account' })).toHaveCount(0);
  await expect(page.getByText('One click, and your account is ready.')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Signed in, the same link says the account is active and leads to the dashboard.
  await visit(page, `${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  await visit(page, `${base}/activate?token=${token}`);
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your account is active.');
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
});
