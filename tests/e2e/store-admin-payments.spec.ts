import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox } from './auth-support';
import { checkAdminPage, newStoreOwner } from './admin-support';
import { PORT } from './support';

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
  const owner = await newStoreOwner(
    browser,
    mailbox,
    { host: HOST, name: 'Payments Test' },
    { label: 'payments-owner', name: 'Pat Payments', password: PASSWORD },
  );

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

  // Without Stripe keys on the platform there is nothing to connect: the page says so and whom
  // to ask, and offers no button that could only fail.
  await expect(merchant).toContainText(
    'Card payments through Stripe are not set up on this platform yet',
  );
  await expect(merchant).toContainText('ask the platform’s operator');
  await expect(owner.getByRole('button', { name: 'Connect a Stripe account' })).toHaveCount(0);

  // A shopper reads in the store's terms who sells to them and issues the invoices (0309).
  const shopper = await browser.newPage();
  await shopper.goto(`http://${HOST}:${PORT}/terms`);
  await expect(shopper.getByRole('article')).toContainText(
    'What you buy here is sold to you by Nameport Ltd (company number 09876543, VAT number GB123456789)',
  );
  await expect(shopper.getByRole('article')).toContainText(
    'which runs this shop for Payments Test',
  );
  await shopper.close();
});
