import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { checkAdminPage, operator } from './admin-support';
import { PORT, serverClock, visit } from './support';

/**
 * Who is paid, in the browser (issue 26 point 12): the owner of a store the operator made opens
 * Payments and reads that the store sells under the platform, which the invoices name. This
 * suite's server has no Stripe, so Connect answers why it cannot; the Connect flow itself is
 * tests/api/store-admin-payments.test.ts, against the tests' Stripe. axe and a 390 px screen.
 */

const HOST = `payments-${Date.now().toString(36)}.localhost`;
const PASSWORD = 'a payments owner passphrase';

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

test('the owner sees that the platform is paid and named, and why Connect is not offered here', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await operator('/api/admin/stores', { host: HOST, store_name: 'Payments Test' });
  const email = suiteEmail('payments-owner');
  await operator(`/api/admin/stores/${HOST}/staff`, { email, role: 'store_owner' });
  const invitation = await mailbox.waitFor(email, (m) => m.subject.startsWith('You are invited'));
  const link = invitation.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes('/admin/join'))!;
  await activeCustomer(mailbox, email, PASSWORD, 'Pat Payments', HOST);

  const owner = await (await browser.newContext()).newPage();
  await visit(owner, link);
  await owner.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await owner.getByLabel('E-mail address').fill(email);
  await owner.getByLabel('Password').fill(PASSWORD);
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(owner).toHaveURL(/\/admin\/join\?token=/);
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await owner.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(owner).toHaveURL(/\/admin\/second-factor$/);
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await owner
    .getByRole('region', { name: 'Authenticator app' })
    .getByLabel('Your password')
    .fill(PASSWORD);
  await owner.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const secret = (await owner.getByTestId('totp-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const offset = await serverClock.offsetMs();
  await owner
    .getByLabel('Code from the app')
    .fill(app.generate({ timestamp: Date.now() + offset }));
  await owner.getByRole('button', { name: 'Turn on' }).click();
  await expect(owner).toHaveURL(/\/admin$/);

  await owner
    .getByRole('navigation', { name: 'Payments Test admin' })
    .getByRole('link', { name: 'Payments', exact: true })
    .click();
  await expect(owner).toHaveURL(new RegExp(`^http://${HOST}:${PORT}/admin/payments$`));
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const merchant = owner.getByRole('region', { name: 'Merchant of record' });
  await expect(merchant).toContainText('Payments Test sells under the platform');
  await expect(merchant).toContainText('Nameport Ltd (VAT number GB123456789)');
  await checkAdminPage(owner, '/admin/payments');

  await owner.getByRole('button', { name: 'Connect a Stripe account' }).click();
  await expect(owner.getByRole('main').getByRole('alert')).toContainText(
    'Card payments through Stripe are not set up on this platform',
  );
});
