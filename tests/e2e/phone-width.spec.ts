import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox } from './auth-support';
import { customerWithServices, expectFitsScreen, expectWholeWords } from './dashboard-support';
import { expectStoreNameWraps } from './store-name-support';
import { PORT, visit } from './support';

/**
 * No page is wider than a 390 px phone: every shop, sign-in and dashboard page, on the domain
 * brand and on a white-label store, measured as the browser lays it out
 * (`document.documentElement.scrollWidth` against the screen). A table or a long line may scroll
 * within its own box; the page itself never scrolls sideways, and a table's words stay whole.
 */

test.use({ locale: 'en-GB', viewport: { width: 390, height: 844 } });

const HOSTS = ['nameport.localhost', 'acme.localhost'];
const ANONYMOUS = [
  '/',
  '/domains/pricing',
  '/domains/search?q=brightfox',
  '/domains/search?q=a-rather-long-name-for-a-small-screen.co.uk',
  '/numbers',
  '/numbers?area=0161',
  '/plans',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/terms',
  '/privacy',
  '/cookies',
  '/dashboard',
  '/no-such-page',
];
const SIGNED_IN = [
  '/dashboard',
  '/dashboard/domains',
  '/dashboard/numbers',
  '/dashboard/plans',
  '/dashboard/orders',
  '/dashboard/invoices',
  '/dashboard/team',
  '/dashboard/payment-methods',
  '/dashboard/security',
  '/dashboard/activity',
  '/cart',
  '/checkout',
];

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

for (const host of HOSTS) {
  test(`${host}: no shop or sign-in page is wider than a phone`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of ANONYMOUS) {
      await visit(page, `http://${host}:${PORT}${path}`);
      await expectFitsScreen(page, `${host}${path}`);
    }
  });

  test(`${host}: no page of a customer with services is wider than a phone`, async ({ page }) => {
    test.setTimeout(180_000);
    const { base, services } = await customerWithServices(page, mailbox, host, 1);
    expect(services.map((s) => s.type).sort()).toEqual(['domain', 'number', 'plan']);
    const paths = [...SIGNED_IN, ...services.map((s) => `/dashboard/services/${s.id}`)];
    for (const path of paths) {
      await visit(page, `${base}${path}`);
      await expectFitsScreen(page, `${host}${path}`);
      await expectWholeWords(page, `${host}${path}`);
      // The dashboard's tables read as cards on a phone: nothing to scroll sideways to.
      for (const region of await page.locator('main [role="region"]:has(table)').all()) {
        const overflow = await region.evaluate((r) => r.scrollWidth - r.clientWidth);
        expect(overflow, `${host}${path}: a table scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
    // An invoice's PDF is on the screen, not past its edge.
    await visit(page, `${base}/dashboard/invoices`);
    const pdf = await page
      .getByRole('link', { name: /^Download .* as PDF$/ })
      .first()
      .boundingBox();
    expect(pdf!.x + pdf!.width).toBeLessThanOrEqual(390);
    // The invoice itself: each line a card, its total on the screen after its column's name.
    await page.getByRole('main').getByRole('link', { name: /INV-/ }).first().click();
    const lines = page.getByRole('region', { name: 'Invoice lines' });
    const total = lines.getByRole('cell', { name: /^(Gross|Amount): / }).first();
    await expect(total).toBeVisible();
    const box = (await total.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await lines.evaluate((r) => r.scrollWidth - r.clientWidth)).toBeLessThanOrEqual(0);
    await expectFitsScreen(page, `${host} invoice`);
    await visit(page, `${base}/dashboard/domains`);
    // Each cell after the first says its column: read from the page, and heard with the cell.
    const domains = page.getByRole('main').getByRole('region', { name: 'Your domains' });
    await expect(domains.getByRole('cell', { name: /^Auto-renew: (On|Off)/ })).toBeVisible();
    // And the order and its invoice, from the orders page.
    await visit(page, `${base}/dashboard/orders`);
    await page.getByRole('region', { name: 'Orders' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/orders\//);
    await expectFitsScreen(page, `${host} order page`);
    await expectWholeWords(page, `${host} order page`);
  });
}

test('a store’s name in the header wraps between words on a phone, never wider than the screen', async ({
  page,
}) => {
  // Each brand's own fonts and logo (bytes.localhost: Merriweather headings), with names from
  // short to a single word wider than the brand column (docs/decisions/0325).
  for (const host of [...HOSTS, 'bytes.localhost']) {
    await visit(page, `http://${host}:${PORT}/`);
    await expectFitsScreen(page, `${host}/`);
    await expectStoreNameWraps(page.locator('header [class*="storeName"]'), `${host} header`);
  }
});

test('the price list shows every column on a phone, without scrolling', async ({ page }) => {
  await visit(page, `http://nameport.localhost:${PORT}/domains/pricing`);
  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: 'Transfer' })).toBeVisible();
  const overflow = await table.evaluate(
    (t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
  );
  expect(overflow, 'the price table scrolls sideways').toBeLessThanOrEqual(0);
});

test('a USD invoice shows every column on a phone, without scrolling', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const { base } = await customerWithServices(page, mailbox, 'nameport.localhost', 1);
  await visit(page, `${base}/dashboard/invoices`);
  await page.getByRole('main').getByRole('link', { name: /INV-/ }).first().click();
  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  const overflow = await table.evaluate(
    (t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
  );
  expect(overflow, 'the invoice lines scroll sideways').toBeLessThanOrEqual(0);
  await expectFitsScreen(page, 'USD invoice');
  await context.close();
});
