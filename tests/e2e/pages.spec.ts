import { expect, test } from '@playwright/test';
import { DEMO_HOSTS, PORT } from './support';

for (const demo of DEMO_HOSTS) {
  test(`${demo.host} home page shows the store name and logo`, async ({ page }) => {
    const response = await page.goto(`http://${demo.host}:${PORT}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.name);
    await expect(page).toHaveTitle(demo.name);
    const logo = page.locator(`img[src="${demo.logo}"]`);
    await expect(logo).toBeVisible();
    expect(
      await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
  });
}

test('acme.localhost carries the theme 7 palette as CSS variables', async ({ page }) => {
  await page.goto(`http://acme.localhost:${PORT}/`);
  const primary = await page
    .locator('[data-store]')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--primary-color').trim());
  expect(primary).toBe('#6b21a8');
});

test('an unknown host gets the 404 page', async ({ page }) => {
  const response = await page.goto(`http://nostore.localhost:${PORT}/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText('No store is configured for this address')).toBeVisible();
});

test('the site version comes from the browser locale', async ({ browser }) => {
  for (const [locale, expected] of [
    ['en-GB', { id: 1, currency: 'GBP' }],
    ['en-US', { id: 2, currency: 'USD' }],
  ] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`http://nameport.localhost:${PORT}/`);
    const answer = await page.evaluate(async () => (await fetch('/api/site-version')).json());
    expect(answer).toEqual({ data: { site_version: expected } });
    await context.close();
  }
});

test('a path a store does not have gets that store’s 404 page', async ({ page }) => {
  const response = await page.goto(`http://bytes.localhost:${PORT}/no/such/page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const primary = await page
    .locator('[data-store]')
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--primary-color').trim());
  expect(primary).toBe('#047857');
});
