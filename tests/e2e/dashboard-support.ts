import { expect, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, suiteEmail } from './auth-support';
import { PORT, visit } from './support';

/** What the dashboard's specs share: a customer with services, the page's own calls, phone fit. */

export const PASSWORD = 'a dashboard journey passphrase';

/**
 * No page is wider than the screen it is shown on (a 390 px phone first): the document scrolls sideways by nothing (a
 * table or a long line may scroll within its own box).
 */
export async function expectFitsScreen(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll, `${where}: ${scroll} px wide on a ${viewport} px screen`).toBeLessThanOrEqual(
    viewport,
  );
}

/**
 * No word in a table of the page is broken across lines (`Nam/e`, `a/ct/iv/e`): a table too
 * narrow for its words scrolls in its own box instead. A word may still break at a hyphen, and
 * a word wider than a whole line of its cell (an e-mail address longer than a phone's card,
 * docs/decisions/0306) may break where the line ends.
 */
export async function expectWholeWords(page: Page, where: string) {
  const broken = await page.evaluate(() => {
    const found: string[] = [];
    for (const cell of document.querySelectorAll('main table th, main table td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 1);
          const lines = new Set(rects.map((r) => Math.round(r.top)));
          const style = getComputedStyle(cell);
          const line =
            cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (lines.size > 1 && width <= line) found.push(word[0]);
        }
      }
    }
    return found;
  });
  expect(broken, `${where}: words broken across lines`).toEqual([]);
}

/** A call as the page's own script makes it: same origin, its cookies, the XSRF token echoed. */
export async function call(
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

/** A customer with a number and a plan, and `domains` domains where the store sells domains. */
export async function customerWithServices(
  page: Page,
  mailbox: MailServer,
  host: string,
  domains: number,
) {
  const base = `http://${host}:${PORT}`;
  const email = suiteEmail('dashboard');
  await activeCustomer(mailbox, email, PASSWORD, 'Dana Dashboard', host);
  await visit(page, `${base}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const stem = `dash${Date.now().toString(36)}`;
  const names = Array.from({ length: domains }, (_, i) => `${stem}${'abc'[i]}.com`);
  const domain = names[0] ?? '';
  const [number] = (await call(page, 'GET', `/api/voice/numbers?limit=1`)).numbers;
  for (const name of names) {
    await call(page, 'POST', `/api/cart`, { type: 'domain_registration', domain: name, years: 1 });
  }
  await call(page, 'POST', `/api/cart`, { type: 'number', number: number.number });
  await call(page, 'POST', `/api/cart`, { type: 'plan', plan: 'business', users: 2 });
  const country = number.number.startsWith('+1') ? 'US' : 'GB';
  const address =
    country === 'GB'
      ? {
          line1: '1 Canal Street',
          city: 'Manchester',
          region: 'Greater Manchester',
          postcode: 'M1 3HE',
          country,
        }
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
  return {
    base,
    email,
    domain,
    names,
    services: services as { id: string; type: string; name: string; expires_at: string }[],
  };
}
