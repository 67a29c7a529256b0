import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inlineScriptHashes } from '../../scripts/security-headers.mjs';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, SMTP_PORT, startSuiteMailbox, suiteEmail } from './auth-support';
import { fillBilling, registerInCheckout } from './checkout-support';
import {
  ADMIN_TOKEN,
  DEMO_HOSTS,
  PORT,
  rawRequest,
  request,
  startExtraServer,
  visit,
} from './support';

/**
 * Security headers on every answer, and a Content-Security-Policy that lets each store's pages run
 * exactly what they load, checked in Chromium, which reports every script, frame or request the
 * policy refuses (docs/decisions/0130-security-headers.md).
 */

const headerOf = (headers: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim();

/**
 * Every refusal a page or its frames report: Chromium writes one console line per refusal, and
 * the page's own `securitypolicyviolation` events are written there too.
 */
function watchViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(message.text()))
      found.push(`${page.url()}: ${message.text()}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.warn(`securitypolicyviolation ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return found;
}

/** Opens a page and lets what it loads after its first paint arrive. */
async function open(page: Page, url: string, hydrated = true) {
  const response = hydrated ? await visit(page, url) : await page.goto(url);
  await page.waitForLoadState('networkidle');
  return response;
}

const ANONYMOUS = [
  '/',
  '/domains/pricing',
  '/domains/search?q=brightfox',
  '/numbers',
  '/plans',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/forgot-password',
  '/terms',
];

test('every answer, page or call, refuses frames and sniffing and sends a strict referrer policy', async () => {
  for (const { host } of DEMO_HOSTS) {
    for (const target of [
      '/',
      '/login',
      '/checkout',
      '/dashboard',
      '/no-such-page',
      '/api/store',
      '/robots.txt',
      '/api/nope',
    ]) {
      const { headers } = await request({ host, path: target });
      const where = `${host}${target}`;
      expect(headerOf(headers, 'x-frame-options'), where).toBe('DENY');
      expect(headerOf(headers, 'x-content-type-options'), where).toBe('nosniff');
      expect(headerOf(headers, 'referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      const policy = headerOf(headers, 'content-security-policy') ?? '';
      expect(policy, where).toContain("frame-ancestors 'none'");
      expect(policy, where).toMatch(/(?:default|script)-src /);
      const scripts = /script-src [^;]*/.exec(policy)?.[0] ?? '';
      expect(scripts, where).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    }
  }
  // A chunk of the application itself, and an unknown host's answer.
  const unknown = await rawRequest(
    'GET / HTTP/1.1\r\nHost: nowhere.localhost\r\nConnection: close\r\n\r\n',
  );
  expect(headerOf(unknown.headers, 'x-frame-options')).toBe('DENY');
  expect(headerOf(unknown.headers, 'content-security-policy')).toContain("frame-ancestors 'none'");
});

test('a cached page names its scripts by hash, the same for every visitor; a page rendered per request by a fresh nonce', async () => {
  // The first visit renders and keeps the page; the next two are sent from the page cache.
  await request({ host: 'acme.localhost', path: '/domains/pricing' });
  const policies = await Promise.all(
    [1, 2].map(() => request({ host: 'acme.localhost', path: '/domains/pricing' })),
  );
  const [a, b] = policies.map((p) => headerOf(p.headers, 'content-security-policy')!);
  expect(a).toMatch(/script-src 'strict-dynamic'( 'sha256-[A-Za-z0-9+/]+=')+;/);
  // The page's own inline scripts besides the loader and the VAT boot script.
  expect(a!.match(/'sha256-/g)!.length).toBeGreaterThan(2);
  expect(b).toBe(a);
  // A browser that holds the page keeps its policy: the 304 names none.
  const etag = headerOf(policies[0]!.headers, 'etag')!;
  const held = await request({
    host: 'acme.localhost',
    path: '/domains/pricing',
    headers: { 'if-none-match': etag },
  });
  expect(held.status).toBe(304);
  expect(headerOf(held.headers, 'content-security-policy')).toBeUndefined();
  // One after the other, a page rendered per request gets a nonce of its own each time.
  const nonceOf = (p: { headers: string }) =>
    /'nonce-([^']+)'/.exec(headerOf(p.headers, 'content-security-policy')!)?.[1];
  const c = nonceOf(await request({ host: 'acme.localhost', path: '/checkout' }));
  const d = nonceOf(await request({ host: 'acme.localhost', path: '/checkout' }));
  expect(c).toBeTruthy();
  expect(d).not.toBe(c);
});

test('visitors who ask for one page at once each get a page their policy lets run', async () => {
  // Next looks a page up or renders it once for the requests that overlap and hands them all the
  // same answer (docs/decisions/0311): each answer's policy must name what its page was written
  // with, a cached page's inline scripts by hash or a render's nonce.
  for (const path of ['/terms', '/privacy', '/cookies', '/numbers', '/checkout']) {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        request({ host: 'harbor.localhost', path, headers: { cookie: 'site_version=2' } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, path).toBe(200);
      const policy = headerOf(answer.headers, 'content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      if (nonce) {
        const written = [...answer.body.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]);
        expect(written.length, path).toBeGreaterThan(0);
        expect(new Set(written), path).toEqual(new Set([nonce]));
      } else {
        for (const hash of inlineScriptHashes(Buffer.from(answer.body)))
          expect(policy, path).toContain(hash);
      }
    }
  }
});

for (const { host } of DEMO_HOSTS) {
  test(`${host}: no page a visitor opens refuses anything`, async ({ page }) => {
    test.setTimeout(120_000);
    const violations = watchViolations(page);
    for (const target of ANONYMOUS) await open(page, `http://${host}:${PORT}${target}`);
    await open(page, `http://${host}:${PORT}/no-such-page`, false);
    expect(violations).toEqual([]);
  });
}

test.describe('signed in', () => {
  let mailbox: MailServer;
  test.beforeAll(async () => {
    mailbox = await startSuiteMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  for (const host of ['nameport.localhost', 'callwave.localhost', 'acme.localhost']) {
    test(`${host}: no page of a customer's dashboard refuses anything`, async ({ page }) => {
      test.setTimeout(120_000);
      const email = suiteEmail('csp');
      const password = 'a content security passphrase';
      await activeCustomer(mailbox, email, password, 'Cora Policy', host);
      const violations = watchViolations(page);
      await open(page, `http://${host}:${PORT}/login`);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      for (const target of [
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
      ])
        await open(page, `http://${host}:${PORT}${target}`);
      expect(violations).toEqual([]);
    });
  }
});

test.describe('what a store adds and what the pay and sign-in pages load', () => {
  const EXTRA_PORT = PORT + 41;
  const WEBHOOK_SECRET = 'whsec_csplane0123456789abcdef';
  let stripe: FakeStripe;
  let server: ChildProcess;
  let mailbox: MailServer;
  const base = (host: string) => `http://${host}:${EXTRA_PORT}`;
  // Prices in pounds, as the pay button's name says.
  test.use({ locale: 'en-GB' });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    mailbox = await startSuiteMailbox();
    stripe = await startFakeStripe({
      port: PORT + 42,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `${base('127.0.0.1')}/api/payments/stripe/webhook`,
    });
    // A server and database of its own: the store's scripts are set on its copy of the demo data.
    server = await startExtraServer({
      command: [process.execPath, path.resolve('scripts/serve.mjs')],
      port: EXTRA_PORT,
      host: 'nameport.localhost',
      env: {
        PORT: String(EXTRA_PORT),
        DATABASE_URL: 'pglite:memory',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        ADMIN_API_TOKEN: ADMIN_TOKEN,
        GOOGLE_CLIENT_ID: 'storefront-csp.apps.googleusercontent.com',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_csplane0123456789',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_csplane0123456789',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        STRIPE_JS_URL: stripe.jsUrl,
      },
    });
    const body = JSON.stringify({
      variables: {
        gtmId: 'GTM-CSP1234',
        gtmEnabled: true,
        thirdPartyScriptUrl: 'https://widgets.example/chat.js',
        thirdPartyScriptEnabled: true,
        customSnippet:
          '<p id="note">Open on bank holidays</p><script>document.getElementById("note").dataset.ran = "yes"</script><script src="https://widgets.example/badge.js"></script>',
      },
    });
    const patched = await rawRequest(
      [
        'PATCH /api/admin/stores/bytes.localhost HTTP/1.1',
        'Host: bytes.localhost',
        `Authorization: Bearer ${ADMIN_TOKEN}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
      EXTRA_PORT,
    );
    expect(patched.status).toBe(200);
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((r) =>
      !server || server.exitCode !== null ? r(null) : server.on('exit', r),
    );
    await stripe?.close();
    await mailbox?.close();
  });

  test("a store's tag manager, third-party script and custom snippet run, and nothing else is refused", async ({
    page,
  }) => {
    const violations = watchViolations(page);
    const loaded: string[] = [];
    await page.route('https://www.googletagmanager.com/gtm.js?*', (route) => {
      loaded.push('gtm');
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtm = true;' });
    });
    await page.route('https://widgets.example/*', (route) => {
      loaded.push(new URL(route.request().url()).pathname);
      return route.fulfill({ contentType: 'text/javascript', body: 'window.__widget = true;' });
    });
    await open(page, `${base('bytes.localhost')}/`);
    await expect.poll(() => page.evaluate(() => (window as { __gtm?: boolean }).__gtm)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (window as { __widget?: boolean }).__widget))
      .toBe(true);
    const snippet = page.frameLocator('footer iframe');
    await expect(snippet.locator('#note')).toHaveAttribute('data-ran', 'yes');
    await expect.poll(() => loaded.sort()).toEqual(['/badge.js', '/chat.js', 'gtm']);
    // The snippet is a document of its own, which no other site may frame.
    const own = await rawRequest(
      'GET /store-snippet HTTP/1.1\r\nHost: bytes.localhost\r\nConnection: close\r\n\r\n',
      EXTRA_PORT,
    );
    expect(headerOf(own.headers, 'content-security-policy')).toContain("frame-ancestors 'self'");
    expect(headerOf(own.headers, 'content-security-policy')).toContain('sandbox allow-scripts');
    expect(violations).toEqual([]);
  });

  test("Google's sign-in script runs on the sign-in page", async ({ page }) => {
    const violations = watchViolations(page);
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.google = { accounts: { id: { initialize() {}, renderButton(el) {
          const b = document.createElement('button'); b.textContent = 'Sign in with Google'; el.append(b);
        } } } };`,
      }),
    );
    await open(page, `${base('nameport.localhost')}/login`);
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('Stripe.js runs on the pay page and its card form takes a card', async ({ page }) => {
    test.setTimeout(120_000);
    const violations = watchViolations(page);
    await open(page, `${base('nameport.localhost')}/plans`);
    await page.locator('[data-plan="business"]').getByRole('button').click();
    await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');
    await open(page, `${base('nameport.localhost')}/checkout`);
    await registerInCheckout(page, mailbox, base('nameport.localhost'));
    await fillBilling(page);
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: /^Place order and pay £/ }).click();
    await expect(page).toHaveURL(/\/checkout\/pay\//);
    await expect(page.getByLabel('Card number (Stripe test card)')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
