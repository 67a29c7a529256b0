import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { suiteEmail } from './auth-support';
import { visit } from './support';

/** The checkout steps as a customer goes through them, shared by the demo and Stripe lanes. */

export const PASSWORD = 'a checkout journey passphrase';

/** axe finds nothing serious or critical on the page as it stands. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  // After a client-side navigation Next streams the page's title a moment after its body.
  await expect(page, `${where}: the tab names the page`).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${where}: ${v.id}: ${v.nodes.map((x) => x.target).join(', ')}`),
  ).toEqual([]);
}

function localPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Registers inside the checkout, activates from the mail, and signs in there again. */
export async function registerInCheckout(page: Page, mail: MailServer, base: string) {
  const email = suiteEmail('checkout');
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign in');
  await page
    .getByRole('region', { name: 'Sign in to check out' })
    .getByRole('link', { name: 'Create an account' })
    .click();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your e-mail');
  const activation = await mail.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const link = activation.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes('/activate'))!;
  await visit(page, `${base}${localPath(link)}`);
  await page.getByRole('button', { name: 'Activate my account' }).click();
  await expect(page.getByRole('status')).toContainText('Your account is active.');
  // The cart waits in this browser: activation says so and signing in leads back to it.
  await expect(page.getByRole('status')).toContainText('Your cart is waiting');
  await page.getByRole('link', { name: 'Sign in and check out' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcheckout|\/login\?next=\/checkout/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  return email;
}

/** The billing step, with a UK address. */
export async function fillBilling(page: Page) {
  await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  await expectNoSeriousViolations(page, 'billing');
  // The name given when the account was made is already there.
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await page.getByLabel('Company (optional)').fill('Analytical Engines Ltd');
  await page.getByLabel('Address line 1').fill('12 St James’s Square');
  await page.getByLabel('Town or city').fill('London');
  // The postcode is named as the chosen country names it.
  await page.getByLabel('Country').selectOption('US');
  await expect(page.getByLabel('ZIP code')).toBeVisible();
  // So is the VAT number's hint: a UK number's form only for a UK address.
  await expect(page.getByText('A UK VAT number is GB')).toHaveCount(0);
  await expect(page.getByText('With its country prefix, e.g. IE6388047V.')).toBeVisible();
  await page.getByLabel('Country').selectOption('GB');
  await expect(page.getByText('A UK VAT number is GB and 9 or 12 digits.')).toBeVisible();
  await page.getByLabel('Postcode').fill('SW1Y 4LB');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('VAT number (optional)').fill('GB999999973');
  await page.getByRole('button', { name: 'Save and continue' }).click();
}
