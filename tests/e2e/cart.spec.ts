import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox, suiteEmail } from './auth-support';
import { expectNoSeriousViolations } from './checkout-support';
import { controlsWaitForScripts, serverClock, visit } from './support';

/**
 * The cart's browser suite: search and add a domain, the fly-out (driven by Playwright's clock),
 * VAT and site-version switches on the cart, numbers and plans, years, remove, clear, the merge
 * on sign-in, and axe on the new pages.
 */

// GBP with VAT: the browser asks for en-GB, as a UK shopper's does.
test.use({ locale: 'en-GB' });

let n = 0;
const freshName = () => `e2e${Date.now().toString(36)}${n++}`;

async function searchAndAdd(page: Page, name: string, domain: string) {
  await visit(page, `/domains/search?q=${name}`);
  const card = page.locator(`[data-domain="${domain}"]`);
  await expect(card).toContainText('Available');
  await card.getByRole('button', { name: `Add ${domain} to cart` }).click();
}

test('search a domain, add it: the fly-out opens, closes at 5 s, a new flash restarts the 5 s', async ({
  page,
}) => {
  const name = freshName();
  await visit(page, `/domains/search?q=${name}.com`);
  const first = page.locator(`[data-domain="${name}.com"]`);
  // The results stream into the page and React reveals them on a timer: the fake clock starts
  // once they are shown.
  await expect(first).toBeVisible();
  await page.clock.install();
  // The exact name first, with its first-year and renewal cost before adding.
  await expect(page.locator('[data-domain]').first()).toHaveAttribute('data-domain', `${name}.com`);
  // What a shopper sees: innerText leaves out the amount the VAT choice hides.
  await expect(first).toContainText('Available');
  expect(await first.locator('p').innerText()).toBe(
    'Register £10.49 ex VAT first year, then £12.99 ex VAT a year · Transfer £10.49 ex VAT',
  );

  const flyout = page.getByRole('dialog', { name: 'Cart updated' });
  await expect(flyout).toBeHidden();
  const addFirst = first.getByRole('button', { name: `Add ${name}.com to cart` });
  await addFirst.click();
  await expect(flyout).toBeVisible();
  await expect(flyout).toContainText(`${name}.com`);
  await expect(flyout).toBeFocused();

  await page.clock.runFor(4_000);
  await expect(flyout).toBeVisible();
  // A second add with flash restarts the 5000 ms.
  await page.locator(`[data-domain="${name}.org"]`).getByRole('button').click();
  await expect(flyout).toContainText(`${name}.org`);
  await page.clock.runFor(4_000);
  await expect(flyout).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(flyout).toBeHidden();

  // Escape closes it and focus goes back to the button that opened it.
  const third = page.locator(`[data-domain="${name}.link"]`).getByRole('button');
  await third.click();
  await expect(flyout).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();
  await expect(third).toBeFocused();

  // Open, the fly-out passes axe as well, with the pointer on its "Check out" link (a link drawn
  // as a button keeps its text colour under the pointer).
  await third.click();
  await expect(flyout).toBeVisible();
  await flyout.getByRole('link', { name: 'Check out' }).hover();
  await expectNoSeriousViolations(page, 'the open fly-out');
  await page.keyboard.press('Escape');

  // A click outside closes it too.
  await page.locator(`[data-domain="${name}.app"]`).getByRole('button').click();
  await expect(flyout).toBeVisible();
  await page.getByRole('heading', { name: 'Domain search' }).click();
  await expect(flyout).toBeHidden();
});

test('the fly-out waits while the pointer is on it or focus is in it, and counts the lines it does not show', async ({
  page,
}) => {
  const name = freshName();
  await visit(page, `/domains/search?q=${name}.com`);
  await expect(page.locator(`[data-domain="${name}.com"]`)).toBeVisible();
  await page.clock.install();
  const flyout = page.getByRole('dialog', { name: 'Cart updated' });
  for (const tld of ['com', 'org', 'link', 'app']) {
    await page.locator(`[data-domain="${name}.${tld}"]`).getByRole('button').click();
    await expect(flyout).toContainText(`${name}.${tld}`);
  }
  // Four lines: the last three, and a word for the other.
  await expect(flyout).toContainText('and 1 more');
  await expect(flyout).not.toContainText(`${name}.com`);

  // The pointer on it: it stays past the 5 s; off it, 5 s more and it closes.
  await flyout.hover();
  await page.clock.runFor(8_000);
  await expect(flyout).toBeVisible();
  await page.mouse.move(5, 700);
  await page.clock.runFor(4_000);
  await expect(flyout).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(flyout).toBeHidden();

  // Focus on one of its links (a keyboard user reading it): it stays until focus leaves.
  const other = freshName();
  await visit(page, `/domains/search?q=${other}.com`);
  // React reveals the streamed results on a timer, which the fake clock runs.
  await page.clock.runFor(1_000);
  await page.locator(`[data-domain="${other}.com"]`).getByRole('button').click();
  // The panel takes focus as it opens; the next Tab is the first control inside it.
  await expect(flyout).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(flyout.getByRole('button', { name: 'Close cart' })).toBeFocused();
  await page.clock.runFor(8_000);
  await expect(flyout).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();
});

test("the cart's users field refuses what the server refuses and says why next to itself", async ({
  page,
}) => {
  await visit(page, '/plans');
  const business = page.locator('[data-plan="business"]');
  await business.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');
  await visit(page, '/cart');
  const line = page.locator('[data-label="Business plan"]');
  const users = line.getByLabel('Users of the Business plan');
  const before = await line.locator('[class*="amount"]').innerText();
  for (const wrong of ['0', '-1', '1.5']) {
    await users.fill(wrong);
    await users.blur();
    await expect(line.getByRole('alert')).toHaveText('Users: a whole number from 1 to 1000.');
    await expect(users).toHaveAttribute('aria-invalid', 'true');
    // Nothing was sent: the price is as it was.
    await expect(line.locator('[class*="amount"]')).toHaveText(before, { useInnerText: true });
  }
  await users.fill('4');
  await users.blur();
  await expect(line.getByRole('alert')).toHaveCount(0);
  await expect(line.locator('[class*="amount"]')).not.toHaveText(before, { useInnerText: true });
});

test('taken and premium names are marked, and taken ones cannot be added', async ({ page }) => {
  await visit(page, '/domains/search?q=premium.com');
  const premium = page.locator('[data-domain="premium.com"]');
  await expect(premium).toContainText('Premium');
  await expect(premium).toContainText('£1,999.00');
  await visit(page, '/domains/search?q=example.com');
  const taken = page.locator('[data-domain="example.com"]');
  await expect(taken).toContainText('Taken');
  // No register price beside a button that cannot work: what a transfer costs, and the transfer.
  await expect(taken.getByRole('button', { name: 'Add example.com to cart' })).toHaveCount(0);
  await expect(taken.getByRole('button', { name: 'Transfer example.com' })).toBeVisible();
  expect(await taken.locator('p').innerText()).toBe(
    'Registered already · Transfer £10.49 ex VAT, then £12.99 ex VAT a year',
  );
  // A well-known name is taken as at a real registry, and an address pasted whole is cleaned.
  await visit(page, `/domains/search?q=${encodeURIComponent('https://www.google.com/search?q=x')}`);
  await expect(page.locator('[data-domain="google.com"]')).toContainText('Taken');
  // An emoji is no letter of any script: refused with the reason, nothing offered for sale.
  await visit(page, `/domains/search?q=${encodeURIComponent('😀.com')}`);
  await expect(page.getByRole('main')).toContainText('"😀" cannot be part of a domain name');
  await expect(page.locator('[data-domain]')).toHaveCount(0);
});

test('call plans list what they include', async ({ page }) => {
  await visit(page, '/plans');
  const starter = page.getByRole('list', { name: 'The Starter plan includes' });
  await expect(starter.getByRole('listitem')).toHaveText([
    '1,000 minutes a user a month to landlines and mobiles at home',
    'Voicemail to e-mail',
    'Call forwarding',
  ]);
});

test('a registered domain can be added as a transfer with its auth code', async ({ page }) => {
  await visit(page, '/domains/search?q=taken.org');
  const taken = page.locator('[data-domain="taken.org"]');
  await taken.getByRole('button', { name: 'Transfer taken.org' }).click();
  await taken.getByLabel('Auth code for taken.org').fill('Secret-42');
  await taken.getByRole('button', { name: 'Add transfer' }).click();
  const flyout = page.getByRole('dialog', { name: 'Cart updated' });
  await expect(flyout).toContainText('taken.org');
  await visit(page, '/cart');
  const line = page.locator('[data-label="taken.org"]');
  await expect(line).toContainText('Transfer');
  await expect(line).toContainText('£11.49');
  await page.getByRole('button', { name: 'Empty the cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test("a number's hold counts down by the store's clock, whatever the browser's clock says", async ({
  page,
}) => {
  // A browser two hours fast: a countdown to held_until by its own clock would show nothing left.
  await page.clock.install({ time: new Date(Date.now() + 2 * 3_600_000) });
  await visit(page, '/numbers');
  await page.getByLabel('Area code or prefix').fill('020');
  await page.getByRole('button', { name: 'Find numbers' }).click();
  const number = page.locator('[data-number^="+4420"]').first();
  // The card shows the number as people read it (0161 496 0000); the cart uses that too.
  const e164 = (await number.getByRole('heading').innerText()).trim();
  await number.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText(e164);
  await visit(page, '/cart');
  const line = page.locator(`[data-label="${e164}"]`);
  await expect(line).toContainText(/Held for you: 1[45]:\d\d left/);
  await page.clock.runFor(60_000);
  await expect(line).toContainText(/Held for you: 1[34]:\d\d left/);
});

test('the cart: a number with its hold countdown, a plan, years, VAT, site version, remove and clear', async ({
  page,
}) => {
  // A hold ends at the server's time, whose clock other specs move on (auth-browser, a day):
  // the browser keeps the server's time, as a shopper's does where no test moves the clock.
  await page.clock.install({ time: await serverClock.now() });
  const name = freshName();
  await searchAndAdd(page, name, `${name}.com`);
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();

  await visit(page, '/numbers');
  await page.getByLabel('Area code or prefix').fill('0161');
  await page.getByRole('button', { name: 'Find numbers' }).click();
  const number = page.locator('[data-number^="+44161"]').first();
  await expect(number).toContainText('a month');
  // The card shows the number as people read it (0161 496 0000); the cart uses that too.
  const e164 = (await number.getByRole('heading').innerText()).trim();
  await number.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText(e164);

  await visit(page, '/plans');
  const business = page.locator('[data-plan="business"]');
  // No user at all is no plan: the card says so and nothing is added.
  await business.getByLabel('Users').fill('0');
  await business.getByRole('button').click();
  await expect(business.getByRole('status')).toHaveText('Users: a whole number from 1 to 1000.');
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeHidden();
  await business.getByLabel('Users').fill('3');
  await business.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toContainText('Business plan');

  await visit(page, '/cart');
  // The header counts the cart's lines.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart 3 lines' })).toBeVisible();
  const domainLine = page.locator(`[data-label="${name}.com"]`);
  await expect(domainLine).toContainText('£10.49');
  await expect(page.locator(`[data-label="${e164}"]`)).toContainText(
    /Held for you: 1[45]:\d\d left/,
  );
  // £10.49 + £5.00 + 3 x £14.00 = £57.49 ex VAT; VAT is added to it, not part of it.
  await expect(page.locator('[data-total="due_today"]')).toContainText('£57.49 ex VAT');
  const totals = page.locator('dl').filter({ has: page.locator('[data-total="due_today"]') });
  await expect(totals).toContainText('plus VAT (20%)£11.50');
  await expect(page.locator('[data-total="to_pay"]')).toHaveText('£68.99 inc VAT');
  await expect(totals.getByText('of which VAT (20%)')).toBeHidden();

  // Until the page's scripts have arrived, the cart's controls and the header's switches are
  // disabled: a change then would show on screen and never reach the cart.
  await controlsWaitForScripts(page, page.url(), (tab) => [
    tab.locator(`[data-label="${name}.com"]`).getByLabel('Years'),
    tab.getByRole('button', { name: `Remove ${e164}` }),
    tab.getByRole('button', { name: 'Empty the cart' }),
    tab.getByRole('switch', { name: 'Prices include VAT' }),
    tab.getByLabel('Currency'),
  ]);

  // Three years: £10.49 + 2 x £12.99.
  await domainLine.getByLabel('Years').selectOption('3');
  await expect(domainLine).toContainText('£36.47');
  await expect(page.locator('[data-total="due_today"]')).toContainText('£83.47 ex VAT');
  // The shopper chose the new price: the page does not say the store changed its prices.
  await expect(page.getByText('The store changed its prices')).toHaveCount(0);

  // VAT on: every price shows gross, without a reload.
  await page.getByRole('switch', { name: 'Prices include VAT' }).click();
  await expect(page.locator('[data-total="due_today"]')).toContainText('inc VAT');
  await expect(page.locator('[data-total="due_today"] .price-gross')).toBeVisible();
  await expect(page.locator('[data-total="due_today"] .price-net')).toBeHidden();
  await expect(totals.getByText('of which VAT (20%)')).toBeVisible();
  await expect(totals.getByText('plus VAT (20%)')).toBeHidden();
  await page.getByRole('switch', { name: 'Prices include VAT' }).click();

  // USD: the .com is repriced, the UK number is set aside (no $0.00 beside it); the VAT toggle
  // is gone. Back in GBP the number is a line like the others again.
  await page.getByLabel('Currency').selectOption('2');
  await expect(domainLine).toContainText('$');
  const numberLine = page.locator(`[data-label="${e164}"]`);
  await expect(numberLine).toContainText('Not sold in USD: it stays in your cart');
  await expect(numberLine).not.toContainText('$0.00');
  await expect(page.getByRole('switch', { name: 'Prices include VAT' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Check out' })).toBeVisible();
  await page.getByLabel('Currency').selectOption('1');
  await expect(domainLine).toContainText('£');
  await expect(numberLine).toContainText('£5.00');
  await expect(numberLine).not.toContainText('Not sold');

  // The filled cart, on a phone, with no serious accessibility violations.
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSeriousViolations(page, 'the filled cart on a phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: `Remove ${e164}` }).click();
  await expect(page.locator(`[data-label="${e164}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Empty the cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('a cart of lines not sold in the currency offers no checkout, and no rows for nothing', async ({
  page,
}) => {
  const name = freshName();
  await searchAndAdd(page, name, `${name}.co.uk`);
  await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();
  await visit(page, '/cart');
  // Only a domain: nothing is monthly, so there is no "Then monthly £0.00".
  await expect(page.getByText('Then monthly')).toHaveCount(0);
  await expect(page.getByText('Then yearly', { exact: true })).toBeVisible();
  await page.getByLabel('Currency').selectOption('2');
  const line = page.locator(`[data-label="${name}.co.uk"]`);
  await expect(line).toContainText('Not sold in USD');
  await expect(page.getByRole('link', { name: 'Check out' })).toHaveCount(0);
  await expect(page.getByRole('note')).toContainText(
    'Nothing in your cart can be bought in USD. Switch to GBP to check out.',
  );
  await expect(page.getByText('Then yearly', { exact: true })).toHaveCount(0);
  await page.getByLabel('Currency').selectOption('1');
  await expect(line).not.toContainText('Not sold');
  await expect(page.getByRole('link', { name: 'Check out' })).toBeVisible();
  await page.getByRole('button', { name: 'Empty the cart' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test.describe('merge on sign-in', () => {
  let mailbox: MailServer;
  test.beforeAll(async () => {
    mailbox = await startSuiteMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  test('an anonymous cart joins the customer cart on sign-in; the VAT choice follows the account', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const email = suiteEmail('cart');
    const password = 'a long and private passphrase';
    await visit(page, '/register');
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const mail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
    const link = new URL(mail.text.match(/https?:\/\/\S+\/activate\S*/)![0]);
    await visit(page, `${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await expect(page.getByRole('status')).toHaveText('Your account is active.');

    const name = freshName();
    await searchAndAdd(page, name, `${name}.co.uk`);
    await expect(page.getByRole('dialog', { name: 'Cart updated' })).toBeVisible();

    await visit(page, '/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await visit(page, '/cart');
    await expect(page.locator(`[data-label="${name}.co.uk"]`)).toBeVisible();
    // The header has the customer (and the account's VAT choice, which it applies) before the
    // switch is used: a click before that answer would be undone by it.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' }),
    ).toBeVisible();

    // Signed in, the VAT choice is kept on the account: another browser signing in shows it.
    await page.getByRole('switch', { name: 'Prices include VAT' }).click();
    await expect(page.locator('[data-total="due_today"] .price-gross')).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await fetch('/api/customer')).json()))
      .toMatchObject({ data: { vat_display: 'inc' } });
    const other = await browser.newContext({ locale: 'en-GB' });
    const second = await other.newPage();
    await visit(second, '/login');
    await second.getByLabel('E-mail address').fill(email);
    await second.getByLabel('Password').fill(password);
    await second.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(second).toHaveURL(/\/dashboard$/);
    await visit(second, '/cart');
    await expect(second.locator('[data-total="due_today"] .price-gross')).toBeVisible();
    await expect(second.locator('[data-total="due_today"] .price-net')).toBeHidden();
    await other.close();

    // A click on the switch before the header has the customer is not undone when the account's
    // stored choice (inc) arrives after it.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/customer', async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/domains/pricing');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('html')).toHaveAttribute('data-vat', 'inc');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/vat') && r.request().method() === 'PUT',
    );
    await page.getByRole('switch', { name: 'Prices include VAT' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-vat', 'ex');
    answer();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' }),
    ).toBeVisible();
    expect((await saved).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-vat', 'ex');
    await expect(page.getByRole('switch', { name: 'Prices include VAT' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.unroute('**/api/customer');
  });
});

for (const path of ['/domains/search?q=brightfox', '/numbers', '/plans', '/cart']) {
  test(`${path} has no serious accessibility violations, on a phone too`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await visit(page, path);
    await expect(page.getByRole('main')).not.toContainText(/Searching|Loading/);
    await expectNoSeriousViolations(page, path);
    // Heading levels never skip one (h1 then h3 was the HTML checker's only error on /plans).
    const levels = await page
      .locator('main :is(h1, h2, h3, h4, h5, h6)')
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
    expect(skips).toEqual([]);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    expect(overflow).toBe(false);
  });
}
