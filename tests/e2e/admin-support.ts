import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, suiteEmail } from './auth-support';
import { expectFitsScreen } from './dashboard-support';
import { ADMIN_TOKEN, jsonOf, request, serverClock, visit } from './support';

/**
 * An admin page as every admin spec checks it: axe on the whole page finds nothing serious or
 * critical (the suite's rule, shell included), nothing at all within the page's main part, which
 * is the admin's own (less `exclude`, e.g. a framed store page the shop's own specs check), and on
 * a 390 px phone nothing is wider than the screen.
 */
export async function checkAdminPage(page: Page, where: string, exclude?: string) {
  // After a client-side navigation Next streams the new page's metadata a moment after its body,
  // so the title a visitor's tab shows may still be on its way when the body is already there.
  await expect(page, `${where}: the tab names the page`).toHaveTitle(/\S/);
  const whole = await new AxeBuilder({ page }).analyze();
  const serious = whole.violations.filter((v) => ['serious', 'critical'].includes(v.impact!));
  expect(serious, `${where}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
  const main = new AxeBuilder({ page }).include('main');
  const own = await (exclude ? main.exclude(exclude) : main).analyze();
  expect(own.violations, `${where} main: ${JSON.stringify(own.violations, null, 1)}`).toEqual([]);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsScreen(page, where);
  if (size) await page.setViewportSize(size);
}

/** Signs in on the store's sign-in page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Turns the authenticator app on (its code already entered): the ten backup codes stay on
 * screen until the owner opens the admin.
 */
export async function turnOnAndOpenAdmin(page: Page) {
  await page.getByRole('button', { name: 'Turn on' }).click();
  // The ten backup codes stay on screen until the owner moves on.
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await page.getByRole('link', { name: 'Open the admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Sets up the authenticator app on /admin/second-factor (checking that page) and answers the app.
 */
export async function enrolAuthenticator(page: Page, password: string): Promise<TOTP> {
  await expect(page).toHaveURL(/\/admin\/second-factor$/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await checkAdminPage(page, '/admin/second-factor');
  const authenticator = page.getByRole('region', { name: 'Authenticator app' });
  await authenticator.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const offset = await serverClock.offsetMs();
  await page.getByLabel('Code from the app').fill(app.generate({ timestamp: Date.now() + offset }));
  await turnOnAndOpenAdmin(page);
  return app;
}

/** A call of the platform operator (bearer ADMIN_API_TOKEN) that must answer 201: its data. */
export async function operator(path: string, body: unknown) {
  const answer = await request({
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, answer.body).toBe(201);
  return jsonOf(answer).data;
}

/**
 * A store the operator makes and its first owner: invited by mail, registered and activated on
 * the store's host, signed in, the invitation accepted and the authenticator app set up. Answers
 * the owner's page, on /admin.
 */
export async function newStoreOwner(
  browser: Browser,
  mailbox: MailServer,
  store: { host: string; name: string },
  owner: { label: string; name: string; password: string },
): Promise<Page> {
  await operator('/api/admin/stores', { host: store.host, store_name: store.name });
  const email = suiteEmail(owner.label);
  await operator(`/api/admin/stores/${store.host}/staff`, { email, role: 'store_owner' });
  const invitation = await mailbox.waitFor(email, (m) => m.subject.startsWith('You are invited'));
  const link = invitation.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes('/admin/join'))!;
  await activeCustomer(mailbox, email, owner.password, owner.name, store.host);
  const page = await (await browser.newContext()).newPage();
  await visit(page, link);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await signIn(page, email, owner.password);
  await expect(page).toHaveURL(/\/admin\/join\?token=/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await enrolAuthenticator(page, owner.password);
  return page;
}
