import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { expectNoSeriousViolations } from './checkout-support';
import { PORT, visit } from './support';

/**
 * Issue 15's dashboard in the browser, on the telephony brand and a white-label store: a customer
 * with a domain, a number and a plan (bought through the checkout's calls and the demo provider)
 * opens every dashboard page at phone and desktop width with axe, sets call forwarding, changes
 * name servers and reveals the auth code.
 */

const PASSWORD = 'a dashboard journey passphrase';
let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

/** A call as the page's own script makes it: same origin, its cookies, the XSRF token echoed. */
async function call(
  page: Page,
  method: string,
  path: string,
  data?: object,
  extra: Record<string, string> = {},
) {
  const answer = await page.evaluate(
    async ({ method, path, data, extra }) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(xsrf),
          ...extra,
        },
        body: data ? JSON.stringify(data) : undefined,
      });
      return { status: r.status, body: await r.json() };
    },
    { method, path, data, extra },
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body.data;
}

/** A customer with a number and a plan, and a domain where the store sells domains. */
async function customerWithServices(page: Page, host: string, withDomain: boolean) {
  const base = `http://${host}:${PORT}`;
  const email = suiteEmail('dashboard');
  await activeCustomer(mailbox, email, PASSWORD, 'Dana Dashboard', host);
  await visit(page, `${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const domain = `dash${Date.now().toString(36)}.com`;
  const [number] = (await call(page, 'GET', `/api/voice/numbers?limit=1`)).numbers;
  if (withDomain) {
    await call(page, 'POST', `/api/cart`, { type: 'domain_registration', domain, years: 1 });
  }
  await call(page, 'POST', `/api/cart`, { type: 'number', number: number.number });
  await call(page, 'POST', `/api/cart`, { type: 'plan', plan: 'business', users: 2 });
  const country = number.number.startsWith('+1') ? 'US' : 'GB';
  const address =
    country === 'GB'
      ? { line1: '1 Canal Street', city: 'Manchester', postcode: 'M1 3HE', country }
      : { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postcode: '10118', country };
  await call(page, 'PUT', `/api/account/billing`, {
    name: 'Dana Dashboard',
    ...address,
  });
  const checkout = await call(page, 'GET', `/api/checkout`);
  const numberLine = checkout.cart.items.find((l: { type: string }) => l.type === 'number');
  const placed = await call(
    page,
    'POST',
    `/api/orders`,
    {
      cart_version: checkout.cart.version,
      accept_terms: true,
      number_addresses: { [numberLine.id]: address },
      save_payment_method: true,
    },
    { 'idempotency-key': `dashboard-${Date.now()}-${Math.random()}` },
  );
  await call(page, 'POST', `/api/payments/${placed.payment.id}/demo`, {
    outcome: 'succeed',
  });
  const { services } = await call(page, 'GET', `/api/services`);
  return { base, domain, services: services as { id: string; type: string }[] };
}

const PAGES = [
  ['/dashboard', 'Overview'],
  ['/dashboard/domains', 'Domains'],
  ['/dashboard/numbers', 'Numbers'],
  ['/dashboard/plans', 'Plans'],
  ['/dashboard/orders', 'Orders'],
  ['/dashboard/invoices', 'Invoices'],
  ['/dashboard/team', 'Team'],
  ['/dashboard/payment-methods', 'Payment methods'],
  ['/dashboard/activity', 'Activity'],
] as const;

// Callwave sells numbers and plans only; acme sells domains too.
for (const [host, withDomain] of [
  ['callwave.localhost', false],
  ['acme.localhost', true],
] as const) {
  test(`a customer runs their services from the dashboard on ${host}`, async ({ page }) => {
    test.setTimeout(120_000);
    const { base, domain, services } = await customerWithServices(page, host, withDomain);
    const domainId = services.find((s) => s.type === 'domain')?.id;
    const numberId = services.find((s) => s.type === 'number')!.id;
    const planId = services.find((s) => s.type === 'plan')!.id;

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, title] of PAGES) {
        await visit(page, `${base}${path}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expectNoSeriousViolations(page, `${host}${path} at ${width}px`);
      }
      for (const id of [domainId, numberId, planId].filter((x) => x !== undefined)) {
        await visit(page, `${base}/dashboard/services/${id}`);
        await expectNoSeriousViolations(page, `${host} service ${id} at ${width}px`);
      }
    }

    // Forwarding, refused when it is not a number, then set.
    await visit(page, `${base}/dashboard/services/${numberId}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Forward calls to').fill('12345');
    await page.getByRole('button', { name: 'Save call settings' }).click();
    await expect(page.getByText(/must be a phone number/)).toBeVisible();
    await page.getByLabel('Forward calls to').fill('sip:desk@pbx.example.com');
    await page.getByRole('button', { name: 'Save call settings' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Call settings saved.' }),
    ).toBeVisible();

    await visit(page, `${base}/dashboard/activity`);
    await expect(page.getByRole('table')).toContainText('service updated');
    if (!domainId) return;

    // Name servers, then the auth code after the password.
    await visit(page, `${base}/dashboard/domains`);
    await expect(page.getByRole('link', { name: domain })).toBeVisible();
    await visit(page, `${base}/dashboard/services/${domainId}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page
      .getByLabel('Name servers (2 to 13, one per line)')
      .fill('ns1.example.net\nns2.example.net');
    await page.getByRole('button', { name: 'Save name servers' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Name servers and lock saved.' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name servers (2 to 13, one per line)')).toHaveValue(
      'ns1.example.net\nns2.example.net',
    );
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Reveal auth code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Auth code:' })).toBeVisible();

    // The activity log shows it all, with the address.
    await visit(page, `${base}/dashboard/activity`);
    await expect(page.getByRole('table')).toContainText('domain auth code revealed');
  });
}
