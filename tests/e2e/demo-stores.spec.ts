import { expect, test } from '@playwright/test';
import { PORT, visit } from './support';

/** Each demo store says what the product does, on a fresh start. */

const url = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

test('acme promises numbers and its home page opens on them, before the domain search', async ({
  page,
}) => {
  await visit(page, url('acme.localhost'));
  await expect(page.getByText(/Business phone numbers/).first()).toBeVisible();
  const headings = await page
    .getByRole('main')
    .getByRole('heading', { level: 2 })
    .allTextContents();
  expect(headings.indexOf('Phone numbers and call plans')).toBe(0);
  expect(headings).toContain('Find your domain');
  await page.getByRole('main').getByRole('link', { name: 'Find a number' }).click();
  await expect(page).toHaveURL(url('acme.localhost', '/numbers'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Phone numbers');
});

test('harbor, which sells in GBP with UK VAT, is a UK company', async ({ page }) => {
  await visit(page, url('harbor.localhost'));
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('address')).toContainText('United Kingdom');
  await expect(footer.locator('a[href^="tel:+44"]')).toHaveCount(1);
  await expect(footer).not.toContainText(/Seattle|United States/);
});

test('bytes promises no DNS and no domain management', async ({ page }) => {
  await visit(page, url('bytes.localhost'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Find your domain' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(/\bDNS\b|manage your domains/i);
});
