import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox, suiteEmail } from './auth-support';
import { expectNoSeriousViolations } from './checkout-support';
import { call, customerWithServices, expectFitsScreen, PASSWORD } from './dashboard-support';
import { controlsWaitForScripts, serverClock, visit } from './support';

/**
 * The dashboard in the browser, on the telephony brand and a white-label store: a customer
 * with a domain, a number and a plan (bought through the checkout's calls and the demo provider)
 * opens every dashboard page at phone and desktop width with axe, sets call forwarding, changes
 * name servers and reveals the auth code.
 */

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const PAGES = [
  ['/dashboard', 'Overview'],
  ['/dashboard/domains', 'Domains'],
  ['/dashboard/numbers', 'Numbers'],
  ['/dashboard/plans', 'Plans'],
  ['/dashboard/orders', 'Orders'],
  ['/dashboard/invoices', 'Invoices'],
  ['/dashboard/team', 'Team'],
  ['/dashboard/payment-methods', 'Payment methods'],
  ['/dashboard/security', 'Security'],
  ['/dashboard/activity', 'Activity'],
] as const;

// Callwave sells numbers and plans only; acme sells domains too.
for (const [host, domains] of [
  ['callwave.localhost', 0],
  ['acme.localhost', 1],
] as const) {
  test(`a customer runs their services from the dashboard on ${host}`, async ({ page }) => {
    test.setTimeout(120_000);
    const { base, services } = await customerWithServices(page, mailbox, host, domains);
    const domainIds = services.filter((s) => s.type === 'domain').map((s) => s.id);
    expect(domainIds).toHaveLength(domains);
    const numberId = services.find((s) => s.type === 'number')!.id;
    const planId = services.find((s) => s.type === 'plan')!.id;

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, title] of PAGES) {
        await visit(page, `${base}${path}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible();
        await expectNoSeriousViolations(page, `${host}${path} at ${width}px`);
        await expectFitsScreen(page, `${host}${path}`);
      }
      for (const id of [...domainIds, numberId, planId]) {
        await visit(page, `${base}/dashboard/services/${id}`);
        await expectNoSeriousViolations(page, `${host} service ${id} at ${width}px`);
        await expectFitsScreen(page, `${host} service ${id}`);
      }
    }

    // The numbers page says "Numbers" once, as its h1; its list and its shop have headings of
    // their own (decision 0328).
    await visit(page, `${base}/dashboard/numbers`);
    await expect(page.getByRole('heading', { name: 'Numbers', exact: true })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Your numbers' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Numbers', exact: true })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Your numbers' })).toBeVisible();

    // Until the page's scripts have arrived, its controls are disabled.
    await controlsWaitForScripts(page, `${base}/dashboard/services/${numberId}`, (tab) => [
      tab.getByRole('button', { name: 'Save call settings' }),
      tab.getByLabel('Renew automatically with my default payment method'),
    ]);
    await controlsWaitForScripts(page, `${base}/dashboard/payment-methods`, (tab) => [
      tab.getByRole('button', { name: /^Remove / }).first(),
    ]);

    // Forwarding, refused when it is not a number, then set.
    await visit(page, `${base}/dashboard/services/${numberId}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Every field is checked by the server, whose words show beside it; each save replaces the
    // last one's (no browser bubble that leaves an old message on a field now valid: 0328).
    const forward = page.getByLabel('Forward calls to');
    const ring = page.getByLabel('Ring time');
    const voicemail = page.getByLabel('Voicemail to e-mail');
    const saveCalls = page.getByRole('button', { name: 'Save call settings' });
    await forward.fill('call me maybe');
    await saveCalls.click();
    await expect(forward).toHaveAccessibleDescription(/Forward calls to must be a phone number/);
    await forward.fill('+12125550100');
    await ring.fill('0');
    await saveCalls.click();
    await expect(ring).toHaveAccessibleDescription(
      'In seconds, from 5 to 120. Ring time must be a whole number of seconds from 5 to 120.',
    );
    await expect(forward).not.toHaveAttribute('aria-invalid', 'true');
    await expect(forward).not.toHaveAccessibleDescription(/must be/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Check the fields marked below.' }),
    ).toBeVisible();
    await ring.fill('121');
    await voicemail.fill('not-mail');
    await saveCalls.click();
    await expect(voicemail).toHaveAccessibleDescription(
      'Voicemail to e-mail must look like name@example.com.',
    );
    await expect(ring).toHaveAccessibleDescription(/Ring time must be a whole number/);
    await ring.fill('25');
    await voicemail.fill('');
    await page.getByLabel('Forward calls to').fill('12345');
    await page.getByRole('button', { name: 'Save call settings' }).click();
    await expect(page.getByText(/must be a phone number/)).toBeVisible();
    await page.getByLabel('Forward calls to').fill('sip:desk@pbx.example.com');
    await page.getByRole('button', { name: 'Save call settings' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Call settings saved.' }),
    ).toBeVisible();

    // The emergency address: a new street, and the county or state given at checkout stays.
    const region = page.getByLabel(/^(County or region \(optional\)|State)$/);
    const given = await region.inputValue();
    expect(given).toMatch(/^(Greater Manchester|NY)$/);
    // Emptied, the required fields are named beside them by the server.
    const line1 = page.getByLabel('Address line 1');
    const postcode = page.getByLabel(/^(Postcode|ZIP code)$/);
    const postcodeGiven = await postcode.inputValue();
    await line1.fill('');
    await postcode.fill('');
    await page.getByRole('button', { name: 'Save emergency address' }).click();
    await expect(line1).toHaveAccessibleDescription('Address line 1 is required.');
    await expect(postcode).toHaveAccessibleDescription(/^(Postcode|ZIP code) is required\.$/);
    await postcode.fill(postcodeGiven);
    await page.getByLabel('Address line 1').fill('2 Canal Street');
    await page.getByRole('button', { name: 'Save emergency address' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Emergency address saved.' }),
    ).toBeVisible();
    await visit(page, `${base}/dashboard/services/${numberId}`);
    await expect(page.getByLabel('Address line 1')).toHaveValue('2 Canal Street');
    await expect(region).toHaveValue(given);

    // A seat of the plan for the customer.
    await visit(page, `${base}/dashboard/services/${planId}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('group', { name: 'Who holds a seat' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save seats' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Seats saved.' })).toBeVisible();
    await expect(page.getByText('Held by: Dana Dashboard.')).toBeVisible();
    // One seat fewer from the next period: the renewal price is the bill's, for one seat.
    const renewal = page.locator('dt:text-is("Renewal price") + dd');
    const twoSeats = await renewal.innerText();
    expect(twoSeats).toMatch(/ a month/);
    // The bound is said beside the field, and where more seats come from; more is refused there.
    const seatCount = page.getByLabel('Seats from the next period');
    const bound = 'From 1 to 2, the seats the plan has now: fewer apply from the next period.';
    await expect(seatCount).toHaveAccessibleDescription(bound);
    await expect(
      page.getByText(/^For more people, buy the plan again for them on Plans/),
    ).toBeVisible();
    await seatCount.fill('3');
    await page.getByRole('button', { name: 'Change seat count' }).click();
    await expect(seatCount).toHaveAccessibleDescription(
      `${bound} Seats from the next period must be at most 2, the seats the plan has now.`,
    );
    await page.getByLabel('Seats from the next period').fill('1');
    await page.getByRole('button', { name: 'Change seat count' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Seat count saved' })).toBeVisible();
    await visit(page, `${base}/dashboard/services/${planId}`);
    await expect(page.getByText('2 seats, 1 from the next period.')).toBeVisible();
    await expect(renewal).toContainText('for 1 seat, from the next period');
    expect(await renewal.innerText()).not.toContain(twoSeats.split(' a ')[0]!);

    await visit(page, `${base}/dashboard/activity`);
    await expect(page.getByRole('table')).toContainText('service updated');
    // Callwave sells no domains: no Domains tab.
    const nav = page.getByRole('navigation', { name: 'Your account' });
    await expect(nav.getByRole('link', { name: 'Domains' })).toHaveCount(domains);

    // Released, the number's page says so and offers no form that could only be refused.
    await visit(page, `${base}/dashboard/services/${numberId}`);
    const hint = await page.locator('#confirm-hint').innerText();
    const display = /^Type (.+) to confirm\.$/.exec(hint)![1]!;
    await page.getByLabel('Number to release').fill('+44 20 0000 0000');
    await page.getByRole('button', { name: 'Release number' }).click();
    await expect(page.getByLabel('Number to release')).toHaveAccessibleDescription(
      `Type ${display} to confirm. Number to release must be ${display}, the number shown.`,
    );
    await page.getByLabel('Number to release').fill(display);
    await page.getByRole('button', { name: 'Release number' }).click();
    await expect(
      page.getByText('This number was released: its settings can no longer be changed.'),
    ).toBeVisible();
    for (const name of ['Save call settings', 'Save emergency address', 'Release number'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByLabel('Forward calls to')).toHaveCount(0);
    // In the list, the released number has no date ahead, no renewal and no price.
    await visit(page, `${base}/dashboard/numbers`);
    const releasedRow = page.getByRole('row').filter({ hasText: display });
    await expect(releasedRow).toContainText('Released');
    for (const cell of ['Auto-renew', 'Price'])
      await expect(releasedRow.locator(`td[data-label="${cell}"]`)).toHaveText('–none');
    await expect(releasedRow).not.toContainText('/ month');
  });
}

test('a customer changes a domain’s name servers and reveals its auth code on acme.localhost', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { base, domain, services } = await customerWithServices(page, mailbox, 'acme.localhost', 1);
  const domainId = services.find((s) => s.type === 'domain')?.id;
  expect(domainId, 'the checkout made the domain').toBeDefined();

  // Name servers, then the auth code after the password.
  await visit(page, `${base}/dashboard/domains`);
  await expect(page.getByRole('link', { name: domain })).toBeVisible();
  // Buying another leads to the store's domain search, not to a page that is not there.
  await page.getByRole('link', { name: 'Find a domain' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Domain search');
  await visit(page, `${base}/dashboard/services/${domainId}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // One name server is not enough, and a name that is none is named: a sentence each.
  const servers = page.getByLabel('Name servers (2 to 13, one per line)');
  await servers.fill('ns1.example.net');
  await page.getByRole('button', { name: 'Save name servers' }).click();
  await expect(page.locator('#nameservers-error')).toHaveText(
    'The name servers must be 2 to 13 host names.',
  );
  await servers.fill('ns1.example.net\nns2_bad');
  await page.getByRole('button', { name: 'Save name servers' }).click();
  await expect(page.locator('#nameservers-error p')).toHaveText([
    '“ns2_bad” is not a host name like ns1.example.com',
  ]);
  await servers.fill('ns1.example.net\nns2.example.net');
  await page.getByRole('button', { name: 'Save name servers' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Name servers and lock saved.' }),
  ).toBeVisible();
  // Where the keyboard is after the save: on what it says, not back at the top of the page.
  await expect(
    page.getByRole('status').filter({ hasText: 'Name servers and lock saved.' }),
  ).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('Name servers (2 to 13, one per line)')).toHaveValue(
    'ns1.example.net\nns2.example.net',
  );
  // Renewing now says what a year costs, as the facts at the top do (with VAT when it holds any).
  const renewalPrice = await page.locator('dt:text-is("Renewal price") + dd').innerText();
  expect(renewalPrice).toMatch(/ a year( inc VAT)?$/);
  await expect(
    page.getByText(`${renewalPrice}, added to the years this domain has left.`),
  ).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Reveal auth code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Auth code:' })).toBeVisible();

  // The activity log shows it all, with the address.
  await visit(page, `${base}/dashboard/activity`);
  await expect(page.getByRole('table')).toContainText('domain auth code revealed');
});

test('acme: a technical member changes name servers but sees no invoices; domains live on the test clock', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const host = 'acme.localhost';
  const { base, email, names, services } = await customerWithServices(page, mailbox, host, 2);
  const lapsing = services.find((s) => s.name === names[0])!;
  const renewing = services.find((s) => s.name === names[1])!;

  // Name servers, then the auth code after the password.
  await visit(page, `${base}/dashboard/domains`);
  await expect(page.getByRole('link', { name: renewing.name })).toBeVisible();
  await visit(page, `${base}/dashboard/services/${renewing.id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page
    .getByLabel('Name servers (2 to 13, one per line)')
    .fill('NS1.Example.NET.\n ns2.example.net');
  await page.getByRole('button', { name: 'Save name servers' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Name servers and lock saved.' }),
  ).toBeVisible();
  // The box shows what was saved, as saved, without a reload.
  await expect(page.getByLabel('Name servers (2 to 13, one per line)')).toHaveValue(
    'ns1.example.net\nns2.example.net',
  );
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

  // The owner names the account, then invites a technical member, who joins from the invitation.
  await visit(page, `${base}/dashboard/team`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Name of the account').fill('Dashboard Dynamics Ltd');
  await page.getByRole('button', { name: 'Save the name' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The account’s name is saved.' }),
  ).toBeVisible();
  const techEmail = suiteEmail('technical');
  // Something that is not an address is named beside the field.
  await page.getByLabel('Their e-mail address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator('#invite_email-error')).toHaveText(
    'Their e-mail address must look like name@example.com.',
  );
  await page.getByLabel('Their e-mail address').fill(techEmail);
  await page.getByLabel('Their role').selectOption('technical');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  // The role in the same words as the list of open invitations (ROLE_LABELS).
  await expect(page.getByRole('status').filter({ hasText: 'as Technical.' })).toBeVisible();
  // The date is written with its month in words (the browser asks in en-US).
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(
    /until [A-Z][a-z]+ \d{1,2}, \d{4}/,
  );
  // Each open invitation says the role it gives, in words.
  await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(
    `${techEmail} (Technical)`,
  );
  const invite = await mailbox.waitFor(techEmail, (m) => m.subject.includes('invited you'));
  expect(invite.subject).toContain('Dana Dashboard invited you to Dashboard Dynamics Ltd');
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(invite.text)![1]!;
  const context = await browser.newContext({ locale: 'en-GB' });
  const tech = await context.newPage();
  await visit(tech, `${base}/invite/${token}`);
  await tech.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await call(tech, 'GET', '/api/token');
  await call(tech, 'POST', '/svc/account', {
    name: 'Tess Technical',
    email: techEmail,
    password: PASSWORD,
    invite_token: token,
  });
  await visit(tech, `${base}/login`);
  await tech.getByLabel('E-mail address').fill(techEmail);
  await tech.getByLabel('Password').fill(PASSWORD);
  await tech.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(tech).toHaveURL(/\/dashboard$/);
  const nav = tech.getByRole('navigation', { name: 'Your account' });
  await expect(nav.getByRole('link', { name: 'Domains' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await visit(tech, `${base}/dashboard/invoices`);
  await expect(tech.getByRole('main')).toContainText('does not include orders and invoices');
  // The checkout and an order's page follow the role matrix as their calls do.
  await visit(tech, `${base}/checkout`);
  await expect(tech.getByRole('main')).toContainText(
    'Your role cannot buy or pay for this account.',
  );
  const { orders } = await call(page, 'GET', '/api/orders');
  expect((await visit(tech, `${base}/orders/${orders[0].id}`))?.status()).toBe(404);
  await visit(tech, `${base}/dashboard/services/${lapsing.id}`);
  await tech.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await tech
    .getByLabel('Name servers (2 to 13, one per line)')
    .fill('ns1.tech.example\nns2.tech.example');
  await tech.getByRole('button', { name: 'Save name servers' }).click();
  await expect(
    tech.getByRole('status').filter({ hasText: 'Name servers and lock saved.' }),
  ).toBeVisible();
  await context.close();

  // The owner makes her Billing. The choice alone saves nothing (arrow keys on a closed select
  // change it in Chromium); "Change role" does, and the page says so (decision 0328).
  await visit(page, `${base}/dashboard/team`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const roleOf = page.getByLabel('Role of Tess Technical', { exact: true });
  await expect(roleOf).toHaveValue('technical');
  const rolePatches: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/account/members/'))
      rolePatches.push(r.url());
  });
  await roleOf.press('ArrowDown');
  await roleOf.press('ArrowUp');
  await roleOf.selectOption('billing');
  await page.getByRole('button', { name: 'Change role of Tess Technical' }).click();
  const changed = page.getByRole('status').filter({ hasText: 'Tess Technical is now Billing.' });
  await expect(changed).toBeVisible();
  await expect(changed).toBeFocused();
  expect(rolePatches).toHaveLength(1);
  // The same role again is refused beside the choice, with nothing sent.
  await page.getByRole('button', { name: 'Change role of Tess Technical' }).click();
  await expect(roleOf).toHaveAccessibleDescription(
    'Tess Technical is Billing already: choose another role.',
  );
  expect(rolePatches).toHaveLength(1);
  await page.reload();
  await expect(roleOf).toHaveValue('billing');
  // The choice is as wide as its longest role at every width, and the page no wider than a phone.
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { longest, inner } = await roleOf.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context2d = document.createElement('canvas').getContext('2d')!;
      context2d.font = style.font;
      return {
        longest: Math.max(...[...select.options].map((o) => context2d.measureText(o.text).width)),
        inner: select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    // Room for the longest label and the select's arrow.
    expect(inner, `role choice at ${width}px`).toBeGreaterThanOrEqual(longest + 12);
    await expectFitsScreen(page, `${host} team at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // One domain without auto-renew, the other with it and the kept demo card.
  await visit(page, `${base}/dashboard/services/${lapsing.id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Renew automatically with my default payment method').uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Auto-renew saved.' })).toBeVisible();

  const expiry = Date.parse(lapsing.expires_at);
  const daysTo = async (target: number) =>
    Math.ceil((target - (await serverClock.now()).getTime()) / 86_400_000);
  /** Moves the server's clock to `target` and signs in again: sessions end meanwhile. */
  const moveTo = async (target: number) => {
    await serverClock.advanceDays(await daysTo(target));
    await visit(page, `${base}/login`);
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  };
  await visit(page, `${base}/dashboard/invoices`);
  const paid = page.getByRole('region', { name: 'Paid invoices' });
  const before = await paid.getByRole('row').count();
  await moveTo(expiry - 7 * 86_400_000);
  // The renewed domain's invoice is among the new ones (numbers and plans renew monthly too).
  await visit(page, `${base}/dashboard/invoices`);
  expect(await paid.getByRole('row').count()).toBeGreaterThan(before);
  // The browser asks in en-US: site version 2, dates written as Americans do.
  const renewedUntil = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(
    new Date(
      Date.UTC(
        new Date(renewing.expires_at).getUTCFullYear() + 1,
        new Date(renewing.expires_at).getUTCMonth(),
        new Date(renewing.expires_at).getUTCDate(),
      ),
    ),
  );
  await visit(page, `${base}/dashboard/domains`);
  const table = page.getByRole('region', { name: 'Your domains' });
  await expect(table.getByRole('row', { name: new RegExp(renewing.name) })).toContainText(
    renewedUntil,
  );
  await expect(table.getByRole('row', { name: new RegExp(renewing.name) })).toContainText('Active');
  await expect(table.getByRole('row', { name: new RegExp(lapsing.name) })).toContainText(
    'Expiring',
  );

  await moveTo(expiry + 60_000);
  await visit(page, `${base}/dashboard/domains`);
  await expect(table.getByRole('row', { name: new RegExp(lapsing.name) })).toContainText('Expired');
  await moveTo(expiry + 30 * 86_400_000 + 60_000);
  await visit(page, `${base}/dashboard/domains`);
  await expect(table.getByRole('row', { name: new RegExp(lapsing.name) })).toContainText(
    'Redemption',
  );

  // Restored: the restore price and a year, paid with the demo provider.
  await visit(page, `${base}/dashboard/services/${lapsing.id}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Restore and pay' }).click();
  await expect(page).toHaveURL(/\/checkout\/pay\//);
  await page.getByRole('button', { name: 'Pay (demo: succeeds)' }).click();
  await expect(page).toHaveURL(/\/orders\//);
  await visit(page, `${base}/dashboard/domains`);
  await expect(table.getByRole('row', { name: new RegExp(lapsing.name) })).toContainText('Active');
});
