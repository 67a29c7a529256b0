import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { PORT, serverClock, visit } from './support';

/**
 * The pages as a tester saw them: the search box keeps the query and names an ending the store
 * does not sell; the figures of a cart add up to its totals, yearly renewals start after the
 * years paid, and a number whose hold ran out can be held again (docs/decisions/0108); the header
 * stays short on a phone and on one row at 1280 px signed in, the fly-out opens below it, "ex
 * VAT" is readable and numbers are written for people (docs/decisions/0109); a number search
 * that finds nothing says what to try.
 */

test.use({ locale: 'en-GB' });

let n = 0;
const freshName = () => `tf${Date.now().toString(36)}${n++}`;

/** Pounds and pence of a price shown as text ("£43.77 ex VAT" -> 4377). */
function pence(text: string): number {
  const match = /£([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

test('the search box keeps the query, and an ending the store does not sell is named', async ({
  page,
}) => {
  const name = freshName();
  await visit(page, `/domains/search?q=${name}.xyz`);
  await expect(page.getByRole('searchbox', { name: 'Search for a domain name' })).toHaveValue(
    `${name}.xyz`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'not sold here' })).toHaveText(
    '.xyz domains are not sold here. Here is the name with the endings we sell.',
  );
  await expect(page.locator(`[data-domain="${name}.com"]`)).toContainText('Available');

  // A name that breaks a rule is told so in words, with the query still in the box.
  await visit(page, `/domains/search?q=-${name}`);
  await expect(page.getByRole('searchbox', { name: 'Search for a domain name' })).toHaveValue(
    `-${name}`,
  );
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'A domain cannot start or end with a hyphen, before or after a dot.',
  );
});

test('a number search with no match says what to try, and the area code says it takes digits', async ({
  page,
}) => {
  await visit(page, '/numbers?area=99999');
  await expect(page.locator('#main')).toContainText(
    'No available numbers match. Try another area code, or fewer digits.',
  );
  // The other country's numbers are one currency away, and the page says so.
  await expect(page.locator('#main')).toContainText(
    /For (UK numbers, choose GBP|US numbers, choose USD) as the currency at the top of the page\./,
  );
  const area = page.getByRole('textbox', { name: 'Area code or prefix' });
  await area.fill('abc');
  await page.getByRole('button', { name: 'Find numbers' }).click();
  // The page says beside the field what it takes, in its own words (not the browser's bubble),
  // and the field keeps what was typed, with the focus on it.
  await expect(page).toHaveURL(/area=abc/);
  await expect(area).toHaveValue('abc');
  await expect(area).toBeFocused();
  await expect(area).toHaveAttribute('aria-invalid', 'true');
  await expect(area).toHaveAccessibleDescription(
    /^An area code or prefix is 1 to 6 digits, such as (020|212)\.$/,
  );
});

test('a three-year domain costs what its years shown add up to, and renews from year 4', async ({
  page,
}) => {
  const name = freshName();
  // With VAT shown, as the tester had it: the gross figures are the ones that must add up.
  await visit(page, `/domains/search?q=${name}.com`);
  await page.getByRole('switch', { name: 'Prices include VAT' }).click();
  const card = page.locator(`[data-domain="${name}.com"]`);
  const offer = await card.locator('p').innerText();
  const [firstYear, perYear] = [...offer.matchAll(/£[\d,]+\.\d\d/g)].map((m) => pence(m[0]));
  await card.getByRole('button', { name: `Add ${name}.com to cart` }).click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();

  await visit(page, '/cart');
  const line = page.locator(`[data-label="${name}.com"]`);
  await line.getByLabel('Years').selectOption('3');
  const threeYears = firstYear! + 2 * perYear!;
  const gross = (amount: number) => `£${(amount / 100).toFixed(2)} inc VAT`;
  await expect(line.locator('.price-gross').last()).toHaveText(gross(threeYears));
  await expect(page.locator('[data-total="due_today"] .price-gross')).toHaveText(gross(threeYears));
  // Nothing is due next year: the renewal starts once the three years paid are over.
  // What a shopper sees: innerText leaves out the amount the VAT choice hides.
  await expect.poll(() => line.innerText()).toContain(`then ${gross(perYear!)} a year from year 4`);
  await expect(page.getByText('Then yearly', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Yearly from year 4', { exact: true })).toBeVisible();
  await expect(page.locator('[data-total="yearly"] .price-gross')).toHaveText(gross(perYear!));
  await page.getByRole('button', { name: 'Empty the cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('a number whose hold ran out on the cart page can be held again there', async ({ page }) => {
  test.setTimeout(60_000);
  await page.clock.install({ time: await serverClock.now() });
  await visit(page, '/numbers');
  await page.getByLabel('Area code or prefix').fill('0113');
  await page.getByRole('button', { name: 'Find numbers' }).click();
  const number = page.locator('[data-number^="+44113"]').first();
  const shown = (await number.getByRole('heading').innerText()).trim();
  // Written as people in the UK write it, not as +441134960011.
  expect(shown).toMatch(/^0113 \d{3} \d{4}$/);
  await number.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText(shown);

  await visit(page, '/cart');
  const line = page.locator(`[data-label="${shown}"]`);
  await expect(line).toContainText(/Held for you: 1[45]:\d\d left/);
  // The server's clock and the page's move on 15 minutes: the page asks again, says the hold
  // ended and leaves the number out of the totals, without a reload.
  await serverClock.advanceMinutes(16);
  await page.clock.runFor(15 * 60_000 + 3_000);
  await expect(line).toContainText('The 15-minute hold ended');
  await expect(page.locator('[data-total="monthly"]')).toHaveCount(0);
  await page.getByRole('button', { name: `Hold ${shown} again` }).click();
  await expect(line).toContainText(/Held for you: 1[45]:\d\d left/);
  await expect(page.locator('[data-total="monthly"]')).not.toContainText('£0.00');
  await page.getByRole('button', { name: `Remove ${shown}` }).click();
  await expect(line).toHaveCount(0);
});

test.describe('the header', () => {
  let mailbox: MailServer;
  test.beforeAll(async () => {
    mailbox = await startSuiteMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  /** A new, active customer of `host`, signed in through the sign-in page. */
  async function signIn(page: Page, host: string, remember = false) {
    const email = suiteEmail('header');
    const password = 'a header row passphrase';
    await activeCustomer(mailbox, email, password, 'Robin Rowland-Hetherington', host);
    await visit(page, `http://${host}:${PORT}/login`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(password);
    if (remember) await page.getByLabel('Keep me signed in').check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  /**
   * Opens `/plans` with the header's question held back, as on a slow phone or network; checks
   * that the header offers the account meanwhile, then lets the answer through.
   */
  async function accountOfferedBeforeTheAnswer(page: Page, host: string) {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/customer', async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, `http://${host}:${PORT}/plans`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    answer();
    await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
    return header;
  }

  test('signed in, a page offers the account before the header has asked who is signed in; signed out, "Sign in"', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const host = 'nameport.localhost';
    await signIn(page, host);
    const header = await accountOfferedBeforeTheAnswer(page, host);
    await expect(header.getByRole('link', { name: 'Account', exact: true })).toHaveCount(0);

    // Signed out, the next page says "Sign in" before it has asked, too.
    await header.getByRole('button', { name: 'Sign out' }).click();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.unroute('**/api/customer');
    await page.route('**/api/customer', () => {});
    await visit(page, `http://${host}:${PORT}/plans`);
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Account', exact: true })).toHaveCount(0);
  });

  test('kept signed in, the first page after the browser restarts offers the account before the header has asked', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const host = 'nameport.localhost';
    await signIn(page, host, true);
    // A restart keeps the cookies that have an end of their own and drops the browser-session ones.
    const { cookies } = await page.context().storageState();
    const restarted = await browser.newContext({
      storageState: { cookies: cookies.filter((c) => c.expires > 0), origins: [] },
    });
    try {
      await accountOfferedBeforeTheAnswer(await restarted.newPage(), host);
    } finally {
      await restarted.close();
    }
  });

  for (const host of ['nameport.localhost', 'acme.localhost']) {
    test(`${host}: signed in, the header is one row at 1280 px and three short rows on a phone`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, host);
      await visit(page, `http://${host}:${PORT}/plans`);
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Sign out' })).toBeVisible();
      const wide = (await header.boundingBox())!;
      // One row: the logo's 2.5rem, the controls' 2.75rem and the padding, under 90 px.
      expect(wide.height).toBeLessThan(90);

      // A flash add opens the fly-out below the header, never over it.
      const plan = page.locator('[data-plan="business"]');
      await plan.getByRole('button').click();
      const flyout = page.getByRole('dialog', { name: 'Cart updated' });
      await expect(flyout).toBeVisible();
      const panel = (await flyout.boundingBox())!;
      expect(panel.y).toBeGreaterThanOrEqual(wide.y + wide.height);

      // "ex VAT" at 12 px or more.
      const size = await page
        .locator('.price-vat')
        .first()
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(size).toBeGreaterThanOrEqual(12);

      await page.setViewportSize({ width: 390, height: 844 });
      await visit(page, `http://${host}:${PORT}/plans`);
      const phone = (await header.boundingBox())!;
      expect(phone.height).toBeLessThanOrEqual(180);
      await plan.getByRole('button').click();
      await expect(flyout).toBeVisible();
      expect((await flyout.boundingBox())!.y).toBeGreaterThanOrEqual(phone.y + phone.height);
    });
  }
});

test('on a dark header and footer, the focus ring is drawn in their text colour, which stands out', async ({
  page,
}) => {
  for (const host of ['acme.localhost', 'harbor.localhost']) {
    await visit(page, `http://${host}:${PORT}/`);
    for (const part of ['header', 'footer'] as const) {
      const link = page.locator(part).getByRole('link').first();
      await page.keyboard.press('Tab');
      await link.focus();
      const [visible, ring, text] = await link.evaluate((el, tag) => {
        const box = el.closest(tag)!;
        const style = getComputedStyle(el);
        return [
          el.matches(':focus-visible') && style.outlineStyle === 'solid',
          style.outlineColor,
          getComputedStyle(box).color,
        ];
      }, part);
      expect(visible, `${host} ${part}: a ring shows`).toBe(true);
      expect(ring, `${host} ${part}`).toBe(text);
    }
  }
});
