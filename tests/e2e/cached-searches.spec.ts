import { expect, test } from '@playwright/test';
import { request, visit } from './support';

/**
 * A domain search's and a number search's results
 * are in the first response and are kept in the page cache per query; what a shopper does here
 * (a number held) is seen on those pages at once (docs/decisions/0111).
 */

test.use({ locale: 'en-GB' });

test('a domain search is answered from the page cache the second time, results and query in the page', async () => {
  const path = `/domains/search?q=cached${Date.now().toString(36)}.com`;
  const first = await request({ host: 'acme.localhost', path });
  const second = await request({ host: 'acme.localhost', path });
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  expect(second.headers).toMatch(/^cache-status: storefront; hit/im);
  // Readable without any script: the results and the query in the box.
  expect(second.body).toMatch(/data-domain="cached[a-z0-9]+\.com"/);
  expect(second.body).toMatch(/value="cached[a-z0-9]+\.com"/);
});

test('a number held by one shopper leaves the cached numbers page of the next at once', async ({
  browser,
}) => {
  const path = '/numbers?area=0121';
  const first = await request({ path });
  expect(first.status).toBe(200);
  const cached = await request({ path });
  expect(cached.headers).toMatch(/^cache-status: storefront; hit/im);

  const shopper = await browser.newContext({ locale: 'en-GB' });
  const page = await shopper.newPage();
  await visit(page, path);
  await expect(page.getByRole('textbox', { name: 'Area code or prefix' })).toHaveValue('0121');
  const card = page.locator('[data-number^="+44121"]').first();
  const number = await card.getAttribute('data-number');
  await card.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();

  // Another shopper, the same search: the number is no longer offered.
  const next = await browser.newContext({ locale: 'en-GB' });
  const other = await next.newPage();
  await visit(other, path);
  await expect(other.locator('[data-number^="+44121"]').first()).toBeVisible();
  await expect(other.locator(`[data-number="${number}"]`)).toHaveCount(0);

  // The first shopper lets it go again, for the suite's other tests.
  await visit(page, '/cart');
  await page.getByRole('button', { name: 'Empty the cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await shopper.close();
  await next.close();
});
