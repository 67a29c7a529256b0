import { expect, test } from '@playwright/test';
import { PORT, request as raw } from './support';

const url = (host: string, path = '/') => `http://${host}:${PORT}${path}`;

// What a shopper's first visit costs the phone and the server: the page paints before any of its
// JavaScript is fetched (docs/decisions/0015-paint-first.md), and a visitor without a session
// makes no account lookup.

for (const host of ['nameport.localhost', 'acme.localhost']) {
  test(`${host}: the page paints before its scripts are fetched, then comes alive`, async ({
    page,
  }) => {
    // The first visit renders and keeps the page; from then on it is sent rewritten.
    await raw({ host, path: '/' });
    const html = await raw({ host, path: '/' });
    expect(html.body).toContain('data-paint-first="/_next/static/');
    expect(html.body).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);

    await page.goto(url(host));
    // Next marks the page once its client has started; that needs every framework chunk.
    await page.waitForFunction(() => 'next' in window);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      chunks: performance
        .getEntriesByType('resource')
        .filter((e) => /\/_next\/static\/chunks\/.+\.js$/.test(e.name))
        .map((e) => ({ name: e.name, start: e.startTime })),
    }));
    expect(timing.fcp).not.toBeNull();
    expect(timing.chunks.length).toBeGreaterThan(3);
    for (const chunk of timing.chunks) {
      expect(chunk.start, chunk.name).toBeGreaterThanOrEqual(timing.fcp!);
    }

    // Alive: a client-side route change, without a new document.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: 'All prices, including renewal and transfer' }).click();
    await expect(page).toHaveURL(url(host, '/domains/pricing'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
}

test('a first visit without a session asks for no customer and gets no session', async ({
  page,
  context,
}) => {
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push(new URL(r.url()).pathname);
  });
  await page.goto(url('nameport.localhost'));
  await page.waitForFunction(() => 'next' in window);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(api).toEqual([]);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('XSRF-TOKEN');
});

test('the cart page shows the cart it was rendered with and does not ask for it again', async ({
  page,
}) => {
  // The page reads the visitor's cart for this very request (0107); asking again on arrival cost
  // the HTTP client's download and a long task (0114). A change or a return to the tab still asks.
  const api: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push(new URL(r.url()).pathname);
  });
  await page.goto(url('nameport.localhost', '/cart'));
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(api).toEqual([]);
});

test("a store's 404 page, which Next renders in the browser, does not wait for a paint", async ({
  page,
}) => {
  // Next answers notFound() on these routes with an empty error shell that the client fills in
  // (vercel/next.js#95613): there is no first paint to wait for, so the loader starts at once
  // instead of after its 3 s safety net.
  await page.goto(url('callwave.localhost', '/domains/pricing'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({
    timeout: 2_500,
  });
});
