import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { PORT, visit } from './support';

/**
 * The cached home pages' account parts follow the customer, as the header does.
 * Signed in, the telephony brand's home no longer offers "Sign in", and acme's "Already a
 * customer?" panel leads to the dashboard.
 */

const PASSWORD = 'a signed-in home passphrase';
let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

for (const { host, panel } of [
  { host: 'callwave.localhost', panel: 'Your account' },
  { host: 'acme.localhost', panel: 'Already a customer?' },
]) {
  test(`${host}: the home page stops asking a signed-in customer to sign in`, async ({ page }) => {
    const base = `http://${host}:${PORT}`;
    await visit(page, `${base}/`);
    const section = page.getByRole('region', { name: panel });
    await expect(section.getByRole('link', { name: 'Sign in' })).toBeVisible();

    const email = suiteEmail('home');
    await activeCustomer(mailbox, email, PASSWORD, 'Hana Home', host);
    await visit(page, `${base}/login`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await visit(page, `${base}/`);
    await expect(section.getByRole('link', { name: /dashboard/i })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
}
