import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN, DEMO_HOSTS, PORT, request, visit } from './support';

/** Terms, privacy and cookie pages per store, linked where people need them. */

const url = (host: string, path = '/') => `http://${host}:${PORT}${path}`;
const LEGAL = [
  ['Terms and conditions', '/terms'],
  ['Privacy notice', '/privacy'],
  ['Cookies', '/cookies'],
] as const;

function patchVariables(host: string, variables: Record<string, string>) {
  return request({
    host,
    method: 'PATCH',
    path: `/api/admin/stores/${host}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ variables }),
  });
}

for (const demo of DEMO_HOSTS) {
  test(`${demo.host}: the footer links the legal pages, which name the store and who runs it`, async ({
    page,
  }) => {
    await visit(page, url(demo.host));
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    for (const [title, path] of LEGAL) {
      await expect(legal.getByRole('link', { name: title })).toHaveAttribute('href', path);
    }
    // The company the footer names is the one the terms name.
    const company = await page.locator('#footer-contact').textContent();
    await legal.getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page).toHaveURL(url(demo.host, '/terms'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and conditions');
    await expect(page.getByRole('main')).toContainText(company!);
    await expect(page.getByRole('main')).toContainText(demo.name);
  });
}

test('the legal pages have no serious accessibility violations and are in the sitemap', async ({
  page,
}) => {
  for (const [title, path] of LEGAL) {
    await visit(page, url('acme.localhost', path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact!));
    expect(
      serious.map((v) => v.id),
      path,
    ).toEqual([]);
  }
  const sitemap = await request({ host: 'acme.localhost', path: '/sitemap.xml' });
  for (const [, path] of LEGAL) {
    expect(sitemap.body).toContain(`<loc>http://acme.localhost:${PORT}${path}</loc>`);
  }
});

test('the cookie notice names every cookie the browser gets', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await visit(page, url('nameport.localhost', '/cookies'));
  // What sets cookies: the VAT choice (which starts a session) and the currency choice.
  const told = page.waitForResponse((r) => r.url().endsWith('/api/vat'));
  await page.getByRole('switch', { name: 'Prices include VAT' }).click();
  expect((await told).status()).toBe(200);
  const chosen = page.waitForResponse((r) => r.url().endsWith('/api/site-version'));
  await page.getByLabel('Currency').selectOption('2');
  expect((await chosen).status()).toBe(200);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toEqual(
    expect.arrayContaining(['sid', 'XSRF-TOKEN', 'site_version', 'vat_display']),
  );
  const notice = page.getByRole('main');
  for (const name of names) await expect(notice).toContainText(name);
  await expect(notice).toContainText('we set no advertising or tracking cookies');
  await context.close();
});

test("a store's own terms replace the default, at once", async ({ page }) => {
  const own = `## Our terms\nHarbor's own words, ${Date.now()}.`;
  expect((await patchVariables('harbor.localhost', { termsText: own })).status).toBe(200);
  try {
    await visit(page, url('harbor.localhost', '/terms'));
    await expect(page.getByRole('heading', { level: 2, name: 'Our terms' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(own.split('\n')[1]!);
    await expect(page.getByRole('main')).not.toContainText('What we sell');
  } finally {
    await patchVariables('harbor.localhost', { termsText: '' });
  }
});

test('the registration screen links the terms and the privacy notice it asks people to accept', async ({
  page,
}) => {
  await visit(page, url('bytes.localhost', '/register'));
  const form = page.getByRole('main');
  await expect(form).toContainText('By creating an account you accept our terms and conditions');
  await form.getByRole('link', { name: 'privacy notice' }).click();
  await expect(page).toHaveURL(url('bytes.localhost', '/privacy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
  await expect(page.getByRole('main')).toContainText('Bytes Domains Ltd');
});
