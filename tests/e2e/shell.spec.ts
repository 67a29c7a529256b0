import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TOKEN, DEMO_HOSTS, PORT, jsonOf, request as raw, visit } from './support';

const url = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

const EXPECTED = {
  'nameport.localhost': {
    primary: '#1d4ed8',
    favicon: '/brands/nameport/favicon.svg',
    site: 'https://www.nameport.example',
  },
  'callwave.localhost': {
    primary: '#be123c',
    favicon: '/brands/callwave/favicon.svg',
    site: 'https://www.callwave.example',
  },
  'acme.localhost': {
    primary: '#6b21a8',
    favicon: '/brands/theme-7/favicon.svg',
    site: `http://acme.localhost:${PORT}`,
  },
  'harbor.localhost': {
    primary: '#1e40af',
    favicon: '/brands/theme-8/favicon.svg',
    site: `http://harbor.localhost:${PORT}`,
  },
  'ringo.localhost': {
    primary: '#0f766e',
    favicon: '/brands/default/favicon.svg',
    site: `http://ringo.localhost:${PORT}`,
  },
  'bytes.localhost': {
    primary: '#047857',
    favicon: '/brands/default/favicon.svg',
    site: `http://bytes.localhost:${PORT}`,
  },
} as const;

async function cssVar(page: Page, name: string): Promise<string> {
  return page
    .locator('[data-store]')
    .evaluate((el, n) => getComputedStyle(el).getPropertyValue(n).trim(), name);
}

async function jsonLd(page: Page): Promise<any[]> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '')));
}

for (const demo of DEMO_HOSTS) {
  const expected = EXPECTED[demo.host];

  test(`${demo.host}: theme variables, favicon and structured data`, async ({ page }) => {
    await visit(page, url(demo.host));
    await expect(page.getByRole('banner').getByText(demo.name)).toBeVisible();
    expect(await cssVar(page, '--primary-color')).toBe(expected.primary);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(expected.favicon);
    const blocks = await jsonLd(page);
    expect(blocks.find((b) => b['@type'] === 'WebSite')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: demo.name,
      url: expected.site,
    });
    expect(
      blocks.find((b) => b['@type'] === 'Organization')?.openingHoursSpecification.length,
    ).toBeGreaterThan(0);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
  });

  test(`${demo.host}: home and pricing pages have no serious accessibility violations`, async ({
    page,
  }) => {
    for (const path of ['/', '/domains/pricing']) {
      const response = await visit(page, url(demo.host, path));
      if (path !== '/' && demo.host === 'callwave.localhost') {
        // The telephony brand sells nothing: its pricing page does not exist.
        expect(response?.status()).toBe(404);
      }
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${demo.host}${path}`,
      ).toEqual([]);
    }
  });
}

test('the domain brand pushes a page view with the path on every client-side route change', async ({
  page,
}) => {
  await visit(page, url('nameport.localhost'));
  await page.evaluate(() => ((window as any).__sameDocument = true));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Domain prices' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Domain prices');
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  const views = await page.evaluate(() =>
    (window.dataLayer ?? []).filter((e) => e.event === 'page_view'),
  );
  expect(views.map((v) => v.page_path)).toEqual(['/', '/domains/pricing']);
});

const SHOP_HOSTS = DEMO_HOSTS.map((d) => d.host).filter((h) => h !== 'callwave.localhost');

for (const host of SHOP_HOSTS) {
  test(`${host}: page views, the VAT toggle and the site-version switch`, async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await visit(page, url(host));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Domain prices' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Domain prices');
    const views = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((e) => e.event === 'page_view').map((e) => e.page_path),
    );
    // Only the brand flagged is_yay (the domain brand) feeds the tag-manager data layer.
    expect(views).toEqual(host === 'nameport.localhost' ? ['/', '/domains/pricing'] : []);

    const cell = page.locator('tbody tr').first().locator('td').first();
    const net = await cell.innerText();
    expect(net).toMatch(/^£\d+\.\d\d ex VAT$/);
    await page.getByRole('switch', { name: 'Prices include VAT' }).click();
    const netPence = Math.round(Number(net.slice(1, -7)) * 100);
    const grossPence = netPence + Math.floor((netPence * 20 + 50) / 100);
    await expect.poll(() => cell.innerText()).toBe(`£${(grossPence / 100).toFixed(2)} inc VAT`);

    await page.getByLabel('Currency').selectOption('2');
    await expect(page.getByText('Prices (USD, per year)')).toBeVisible();
    await expect.poll(() => cell.innerText()).toMatch(/^\$\d+\.\d\d$/);
    await context.close();
  });
}

test('the telephony brand shows sign-in and dashboard only, no shop links', async ({ page }) => {
  await visit(page, url('callwave.localhost'));
  const account = page.getByRole('region', { name: 'Your account' });
  await expect(account.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('link', { name: /cart/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /prices/i })).toHaveCount(0);
  await expect(page.getByLabel('Currency')).toHaveCount(0);
  await expect(page.getByRole('search')).toHaveCount(0);
  // Not flagged is_yay: no page views in the data layer.
  expect(
    await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'page_view')),
  ).toEqual([]);
});

test('the VAT toggle switches every price without a reload, and the choice survives one', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await visit(page, url('nameport.localhost', '/domains/pricing'));
  // innerText, not textContent: only the amount the visitor sees counts.
  const shown = () => page.locator('tr[data-tld="com"] td').first().innerText();
  await expect.poll(shown).toBe('£10.49 ex VAT');
  await page.evaluate(() => ((window as any).__sameDocument = true));
  const told = page.waitForResponse(
    (r) => r.url().endsWith('/api/vat') && r.request().method() === 'PUT',
  );
  await page.getByRole('switch', { name: 'Prices include VAT' }).click();
  await expect.poll(shown).toBe('£12.59 inc VAT');
  // The server is told, through the CSRF-protected call.
  expect((await told).status()).toBe(200);
  await expect(page.getByRole('switch', { name: 'Prices include VAT' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(await page.evaluate(() => (window as any).__sameDocument)).toBe(true);
  await page.reload();
  // Applied before first paint from the cookie: the first frame already shows gross prices.
  expect(await shown()).toBe('£12.59 inc VAT');
  expect(await page.evaluate(() => document.documentElement.dataset.vat)).toBe('inc');
  await context.close();
});

test('the site-version switch changes currency and prices', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await visit(page, url('nameport.localhost', '/domains/pricing'));
  await expect(page.getByText('Prices (GBP, per year)')).toBeVisible();
  await expect(page.locator('tr[data-tld="co.uk"]')).toHaveCount(1);
  await page.getByLabel('Currency').selectOption('2');
  await expect(page.getByText('Prices (USD, per year)')).toBeVisible();
  await expect(page.locator('tr[data-tld="com"] td').first()).toHaveText('$12.99');
  await expect(page.locator('tr[data-tld="us"]')).toHaveCount(1);
  await expect(page.locator('tr[data-tld="co.uk"]')).toHaveCount(0);
  // In USD there is no VAT to show.
  await expect(page.getByRole('switch', { name: 'Prices include VAT' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Prices (USD, per year)')).toBeVisible();
  await context.close();
});

const ADMIN = `Bearer ${ADMIN_TOKEN}`;

function patchStore(token: string, body: unknown) {
  return raw({
    host: 'bytes.localhost',
    method: 'PATCH',
    path: '/api/admin/stores/bytes.localhost',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

test('a changed store is served as a new page at once', async ({ page }) => {
  await visit(page, url('bytes.localhost'));
  const banner = `Spring sale ${Date.now()}`;
  await expect(page.getByText(banner)).toHaveCount(0);
  const response = await patchStore(ADMIN, {
    variables: { bannerText: banner },
    theme: { primaryColor: '#115e59' },
  });
  expect(response.status).toBe(200);
  await page.reload();
  await expect(page.getByText(banner)).toBeVisible();
  expect(await cssVar(page, '--primary-color')).toBe('#115e59');
  // Other stores keep their cached pages.
  await visit(page, url('acme.localhost'));
  await expect(page.getByText(banner)).toHaveCount(0);
});

test('the operator call refuses a wrong token and invalid themes', async () => {
  const wrong = await patchStore('Bearer nope', { store_name: 'X' });
  expect(wrong.status).toBe(401);
  const invalid = await patchStore(ADMIN, { theme: { primaryColor: 'red; x: y' } });
  expect(invalid.status).toBe(400);
  expect(jsonOf(invalid).error.fields).toHaveProperty(['theme.primaryColor']);
});

test('footer shows contact links, hours with today marked and open-now status', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2026-11-23T10:00:00Z')); // Monday, 10:00 in London
  await visit(page, url('nameport.localhost'));
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '020 7946 0000' })).toHaveAttribute(
    'href',
    'tel:+442079460000',
  );
  await expect(footer.getByRole('link', { name: 'support@nameport.example' })).toHaveAttribute(
    'href',
    'mailto:support@nameport.example',
  );
  await expect(footer.getByText('Open now')).toBeVisible();
  await expect(footer.locator('[aria-current="date"]')).toContainText('Monday');
});

test('per-host robots.txt and sitemap.xml point at the store', async () => {
  const robots = await raw({ host: 'bytes.localhost', path: '/robots.txt' });
  expect(robots.body).toContain(`Sitemap: http://bytes.localhost:${PORT}/sitemap.xml`);
  const sitemap = await raw({ host: 'nameport.localhost', path: '/sitemap.xml' });
  expect(sitemap.body).toContain('<loc>https://www.nameport.example/domains/pricing</loc>');
});

test('pages are served from the cache', async () => {
  await raw({ host: 'harbor.localhost', path: '/domains/pricing' });
  const second = await raw({ host: 'harbor.localhost', path: '/domains/pricing' });
  expect(second.headers).toMatch(/^cache-status: storefront; hit\r?$/im);
});

test('tag-manager and third-party scripts load only when the brand sets their id and turns them on', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => {
    if (/googletagmanager\.com|widgets\.example\.com/.test(r.url())) requested.push(r.url());
  });
  // Nameport has a container id but has not turned it on; Ringo has neither.
  for (const host of ['nameport.localhost', 'ringo.localhost']) {
    await visit(page, url(host));
    await page.waitForLoadState('networkidle');
  }
  expect(requested).toEqual([]);

  const set = await raw({
    host: 'ringo.localhost',
    method: 'PATCH',
    path: '/api/admin/stores/ringo.localhost',
    headers: { authorization: ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      variables: {
        gtmId: 'GTM-RINGO42',
        gtmEnabled: true,
        thirdPartyScriptUrl: 'https://widgets.example.com/chat.js',
        thirdPartyScriptEnabled: true,
      },
    }),
  });
  expect(set.status).toBe(200);
  await visit(page, url('ringo.localhost'));
  await expect.poll(() => requested.length).toBe(2);
  expect(requested).toEqual(
    expect.arrayContaining([
      'https://www.googletagmanager.com/gtm.js?id=GTM-RINGO42',
      'https://widgets.example.com/chat.js',
    ]),
  );
  expect(
    await page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'gtm.js')),
  ).toBe(true);
  // Ringo is not flagged is_yay: the tag manager runs, but the shell pushes no page views.
  expect(
    await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'page_view')),
  ).toEqual([]);
});
