import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { PORT, request, visit } from './support';

/**
 * No page a shopper or customer sees moves once painted. Layout shift does not
 * depend on the machine's speed, so it is a test here (the Lighthouse scores and times are in
 * `npm run bench`). Each page is opened at Lighthouse's phone size and at desktop width, on the
 * domain brand and on a white-label store, and its cumulative layout shift (every shift the
 * visitor did not cause, summed: never less than Lighthouse's CLS) must stay at 0.02 or below.
 */

const LIMIT = 0.02;
const HOSTS = ['nameport.localhost', 'acme.localhost'];
const SIZES = [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
];
const ANONYMOUS = [
  '/',
  '/domains/pricing',
  '/domains/search?q=brightfox',
  '/domains/search?q=brightfox.xyz',
  '/numbers',
  '/plans',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/forgot-password',
  '/terms',
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
  '/cart',
  '/checkout',
];

/** Sums every layout shift the visitor did not cause, from the first paint on. */
function recordShifts(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    w.__shift = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element
            ? `${s.node.tagName.toLowerCase()}.${s.node.className}`
            : String(s.node?.nodeName),
        );
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftOf(page: Page, url: string) {
  const response = await visit(page, url);
  expect(response?.status(), url).toBe(200);
  await page.waitForLoadState('networkidle');
  // Two frames, so a shift caused by the last response is laid out and reported.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  return page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    return { total: w.__shift, shifts: w.__shifts };
  });
}

for (const host of HOSTS) {
  for (const size of SIZES) {
    test(`${host} at ${size.width} px: no page moves once painted`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await recordShifts(page);
      const moved: string[] = [];
      for (const path of ANONYMOUS) {
        const { total, shifts } = await shiftOf(page, `http://${host}:${PORT}${path}`);
        if (total > LIMIT) moved.push(`${path}: ${total.toFixed(3)} (${shifts.join('; ')})`);
      }
      expect(moved).toEqual([]);
    });
  }
}

/**
 * What the layout test above can miss, as it depends on when a page was first rendered: React
 * sends a Suspense boundary's content at the end of the page when the page before it is large, and
 * a header sent that way arrives after the content below it, which then moves down (decision
 * 0113). Each of these pages is rendered afresh (a new query) and must carry its header in place.
 */
test('the header is in place in every first response, however long the page', async () => {
  const paths = [
    ...['0113', '0114', '0115', '0116', '0117', '0118'].map((a) => `/numbers?area=${a}`),
    ...['header', 'inplace'].map((q) => `/domains/search?q=${q}${Date.now().toString(36)}`),
  ];
  for (const host of HOSTS) {
    for (const path of paths) {
      const { status, body } = await request({
        host,
        path,
        headers: { 'Accept-Language': 'en-GB' },
      });
      expect(status, path).toBe(200);
      const header = body.indexOf('<header');
      const main = body.indexOf('<main');
      expect(header, `${host}${path}: the header before the page`).toBeGreaterThan(0);
      expect(header, `${host}${path}: the header before the page`).toBeLessThan(main);
      expect(body.slice(0, main), `${host}${path}: nothing above the page sent later`).not.toMatch(
        /<template id="B:/,
      );
    }
  }
});

test.describe('signed in', () => {
  let mailbox: MailServer;
  test.beforeAll(async () => {
    mailbox = await startSuiteMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  for (const host of HOSTS) {
    for (const size of SIZES) {
      test(`${host} at ${size.width} px: a customer's pages do not move once painted`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const email = suiteEmail('shift');
        const password = 'a layout shift passphrase';
        await activeCustomer(mailbox, email, password, 'Lee Layout', host);
        await visit(page, `http://${host}:${PORT}/login`);
        await page.getByLabel('E-mail address').fill(email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.setViewportSize(size);
        await recordShifts(page);
        const moved: string[] = [];
        for (const path of SIGNED_IN) {
          const { total, shifts } = await shiftOf(page, `http://${host}:${PORT}${path}`);
          if (total > LIMIT) moved.push(`${path}: ${total.toFixed(3)} (${shifts.join('; ')})`);
        }
        expect(moved).toEqual([]);
      });
    }
  }
});
