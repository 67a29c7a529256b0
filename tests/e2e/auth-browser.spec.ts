import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { serverClock, visit } from './support';

/**
 * Accounts in the browser, on the production build: register, activation mail, activate, sign in,
 * turn on TOTP, sign out, sign in with TOTP, then with an e-mail code; forgot and reset password.
 */

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

/** The path and query of a link in a mail: it names the store's configured address. */
function localPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function linkFrom(text: string, path: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(path));
  if (!link) throw new Error(`no ${path} link in the mail`);
  return link;
}

async function signIn(page: Page, email: string, password: string) {
  await visit(page, '/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await visit(page, '/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const PASSWORD = 'a long and private passphrase';
const NEW_PASSWORD = 'another long private passphrase';

test('register, activate, turn on TOTP, sign in with TOTP and with an e-mail code, reset the password', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = suiteEmail('browser');

  // Register.
  await visit(page, '/register');
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your e-mail');
  await expect(page.getByRole('status')).toContainText('Use Forgot password');
  // The answer replaced the form: it has the focus the form's button had.
  await expect(page.getByRole('status')).toBeFocused();
  // The address the mail went to, so a typo shows.
  await expect(page.getByRole('main')).toContainText(`Sent to ${email}`);

  // Signing in before activating says how to activate (docs/decisions/0287).
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'This account is not activated yet.',
  );
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Forgot password');
  // The message takes the focus the disabled button lost, and the way on is a link beside it.
  await expect(page.getByRole('main').getByRole('alert')).toBeFocused();
  await expect(
    page.getByRole('link', { name: 'Choose a new password to activate your account' }),
  ).toHaveAttribute('href', '/forgot-password');
  // The link takes the address typed there along (the tab's storage, not the URL: 0290).
  await page.getByRole('link', { name: 'Choose a new password to activate your account' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);

  // The activation mail links to the store's configured address.
  const activation = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const activationLink = linkFrom(activation.text, '/activate');
  expect(new URL(activationLink).host).toBe('www.nameport.example');
  await visit(page, localPath(activationLink));
  await page.getByRole('button', { name: 'Activate my account' }).click();
  await expect(page.getByRole('status')).toHaveText('Your account is active.');

  // Sign in with the password.
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText('Signed in as Ada Lovelace');
  const sid = (await page.context().cookies()).find((c) => c.name === 'sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid?.sameSite).toBe('Lax');

  // Turn on the authenticator app.
  await page.getByRole('link', { name: /Security/ }).click();
  const authenticator = page.getByRole('region', { name: 'Authenticator app' });
  await authenticator.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  // Codes are for the server's time, which other specs may have moved on.
  const offset = await serverClock.offsetMs();
  await page.getByLabel('Code from the app').fill(app.generate({ timestamp: Date.now() + offset }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(authenticator.getByRole('status').first()).toContainText(
    'The authenticator app is on',
  );

  // Sign out, then sign in with a TOTP code (the next time step: the current one is used).
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/login\/challenge\?/);
  await expect(page.getByText('authenticator app shows')).toBeVisible();
  // The code field takes focus: the customer types the code at once.
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  const usedStep = Math.floor((Date.now() + offset + 30_000) / 30_000);
  await page
    .getByRole('textbox', { name: 'Code' })
    .fill(app.generate({ timestamp: usedStep * 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText('Signed in as Ada Lovelace');

  // Sign out, then sign in with the e-mail method.
  await signOut(page);
  const before = mailbox.to(email).length;
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use e-mail instead' }).click();
  await expect(page.getByText('A new code is on its way by e-mail')).toBeVisible();
  const codeMail = await mailbox.waitFor(
    email,
    (m) => m.subject.startsWith('Your sign-in code') && mailbox.to(email).indexOf(m) >= before,
  );
  const code = /Your code: (\d{6})/.exec(codeMail.text)![1]!;
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Forgot and reset the password; the second factor still stands after it.
  await signOut(page);
  await visit(page, '/forgot-password');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address');
  const resetMail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Reset'));
  await visit(page, localPath(linkFrom(resetMail.text, '/reset-password')));
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password again').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  // A day later (the server's clock moved, not this test waiting), the app shows a new code,
  // later than the one used: it is taken.
  const later = (await serverClock.advanceDays(1)).getTime();
  expect(Math.floor(later / 30_000)).toBeGreaterThan(usedStep);
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/login\/challenge\?/);
  const laterOffset = await serverClock.offsetMs();
  await page
    .getByRole('textbox', { name: 'Code' })
    .fill(app.generate({ timestamp: Date.now() + laterOffset }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the header shows the signed-in customer and signs out', async ({ page }) => {
  const email = suiteEmail('header');
  await visit(page, '/register');
  await page.getByLabel('Your name').fill('Hedy Lamarr');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  const activation = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  await visit(page, localPath(linkFrom(activation.text, '/activate')));
  await page.getByRole('button', { name: 'Activate my account' }).click();
  await expect(page.getByRole('status')).toHaveText('Your account is active.');

  const header = page.getByRole('banner');
  await visit(page, '/');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, '/');
  await expect(header.getByRole('link', { name: 'Hedy Lamarr' })).toBeVisible();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await visit(page, '/dashboard');
  await expect(page.getByRole('main')).toContainText('to see your account');
});

test('a new e-mail address is confirmed by its link, once, and the old address is told', async ({
  page,
  browser,
}) => {
  const email = suiteEmail('moving');
  const next = suiteEmail('moved');
  await activeCustomer(mailbox, email, PASSWORD, 'Grace Hopper');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, '/dashboard/security');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section).toContainText(`Mail about your account goes to ${email}.`);
  await section.getByLabel('New e-mail address').fill(next);
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(section.getByRole('status')).toHaveText(/./);
  // Nothing moves before the new address confirms: the page says where the link went.
  await visit(page, '/dashboard/security');
  await expect(section).toContainText(`A confirmation was sent to ${next}`);
  await expect(section).toContainText(`Mail about your account goes to ${email}.`);

  // The link is opened on another device, signed out: a click, not the visit, uses it.
  const confirmation = await mailbox.waitFor(next, (m) =>
    m.subject.startsWith('Confirm your new e-mail address'),
  );
  const link = localPath(linkFrom(confirmation.text, '/confirm-email'));
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await visit(phone, link);
  await expect(
    phone.getByRole('heading', { name: 'Confirm your new e-mail address' }),
  ).toBeVisible();
  await phone.getByRole('button', { name: 'Use this address' }).click();
  await expect(phone.getByRole('status')).toHaveText(`Your account now uses ${next}.`);
  await expect(phone.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The old address hears of it; the same link a second time changes nothing and says so.
  await mailbox.waitFor(email, (m) => m.subject.startsWith('Your e-mail address was changed'));
  await visit(phone, link);
  await phone.getByRole('button', { name: 'Use this address' }).click();
  await expect(phone.getByRole('main').getByRole('alert')).toContainText(
    'This link is not valid any more.',
  );
  await expect(phone.getByRole('button', { name: 'Use this address' })).toHaveCount(0);
  await expect(phone.getByRole('link', { name: 'Go to your security settings' })).toBeVisible();
  await other.close();

  // The account now signs in with the new address only.
  await visit(page, '/dashboard/security');
  await expect(section).toContainText(`Mail about your account goes to ${next}.`);
  await signOut(page);
  await signIn(page, next, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a wrong password and an unknown address show the same message', async ({ page }) => {
  await signIn(page, suiteEmail('nobody'), 'whatever password');
  // Inside main: Next's route announcer is an empty alert of its own.
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toHaveText(/./);
  const unknown = await alert.textContent();
  await signIn(page, 'still.nobody@example.com', 'another password');
  await expect(alert).toHaveText(unknown ?? '');
});

test('the account screens work by keyboard on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await visit(page, '/login');
  await page.getByLabel('E-mail address').focus();
  await page.keyboard.type('kb@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
