import { expect, test, type Page } from '@playwright/test';
import { linkIn, type MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { expectNoSeriousViolations } from './checkout-support';
import { call, expectFitsScreen } from './dashboard-support';
import { visit } from './support';

/**
 * The links a mail leads to, in the browser (docs/decisions/0326): an invitation to an address
 * that already has an account in the store says what to do instead of offering a registration
 * that can only fail, signed out and signed in; a used invitation and a used activation link
 * lead on instead of ending the way.
 */

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const PASSWORD = 'an invitation walk passphrase';

async function signIn(page: Page, email: string) {
  await visit(page, '/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Invites `email` from the owner signed in on `page`; answers the path of the mailed link. */
async function invite(page: Page, email: string): Promise<string> {
  await call(page, 'GET', '/api/token');
  await call(page, 'POST', '/api/account/invites', { email });
  const mail = await mailbox.waitFor(email, (m) => m.subject.includes('invited you'));
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return `/invite/${token}`;
}

test('an invitation to an address with an account here says what to do, signed out and in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = suiteEmail('inviter');
  const existing = suiteEmail('existing');
  await activeCustomer(mailbox, owner, PASSWORD, 'Ines Inviter');
  await activeCustomer(mailbox, existing, PASSWORD, 'Eli Existing');
  await signIn(page, owner);
  const link = await invite(page, existing);

  const context = await browser.newContext({ locale: 'en-GB' });
  const invitee = await context.newPage();
  for (const width of [390, 1280]) {
    await invitee.setViewportSize({ width, height: 900 });
    await visit(invitee, link);
    const main = invitee.getByRole('main');
    await expect(main).toContainText(
      'Ines Inviter invited you to join the account “Ines Inviter”.',
    );
    await expect(main).toContainText(`${existing} already has an account at this store.`);
    await expect(main).toContainText('one address belongs to one account');
    await expect(main).toContainText(
      'ask Ines Inviter to invite another address of yours, one that has no account here.',
    );
    // No registration that could only answer "already has an account".
    await expect(invitee.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await expect(invitee.getByLabel('Password')).toHaveCount(0);
    await expect(invitee.getByRole('link', { name: 'Sign in to your account' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expectFitsScreen(invitee, `the invitation to an address with an account, ${width}px`);
    await expectNoSeriousViolations(invitee, `invite with an existing address at ${width}px`);
  }

  // Signed in with the invited address: the page says so and leads to the dashboard.
  await signIn(invitee, existing);
  await visit(invitee, link);
  const main = invitee.getByRole('main');
  await expect(main).toContainText(
    `You are signed in with ${existing}, which has its own account here, “Eli Existing”.`,
  );
  await expect(main).toContainText('cannot also join “Ines Inviter”');
  await expect(
    invitee.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }),
  ).toHaveAttribute('href', '/dashboard');
  await expect(invitee.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  await context.close();

  // A new address still registers; its "Sign in" comes back to the invitation.
  const fresh = suiteEmail('fresh');
  const freshLink = await invite(page, fresh);
  const newcomer = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await visit(newcomer, freshLink);
  await expect(newcomer.getByRole('link', { name: 'Already registered? Sign in' })).toHaveAttribute(
    'href',
    new RegExp(`^/login\\?next=(%2F|/)invite(%2F|/)${freshLink.split('/').pop()}$`),
  );
  await newcomer.getByLabel('Your name').fill('Nia Newcomer');
  await newcomer.getByLabel('Password').fill(PASSWORD);
  await newcomer.getByRole('button', { name: 'Create account' }).click();
  await expect(newcomer.getByRole('main').getByRole('status')).toContainText(
    'Your account is active.',
  );

  // The used link leads on: to sign in when signed out, to the dashboard when signed in.
  await visit(newcomer, freshLink);
  await expect(newcomer.getByRole('main').getByRole('alert')).toHaveText(
    'This invitation has expired, was withdrawn or was already used.',
  );
  await expect(newcomer.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login',
  );
  await visit(page, freshLink);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This invitation has expired, was withdrawn or was already used.',
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }),
  ).toHaveAttribute('href', '/dashboard');
  await newcomer.context().close();
});

test('a used activation link loses its button and leads to sign in', async ({ page }) => {
  const email = suiteEmail('activated');
  await visit(page, '/register');
  await page.getByLabel('Your name').fill('Ava Activated');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Check your e-mail');
  const mail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const url = linkIn(mail, '/activate');
  const path = `${url.pathname}${url.search}`;

  await visit(page, path);
  await page.getByRole('button', { name: 'Activate my account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your account is active.');

  // The same link again: told before any click (decision 0330), no button, "Sign in" a link.
  await visit(page, path);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This activation link cannot be used any more: the account is already active, or the link has run out or been replaced. Sign in to check your account.',
  );
  await expect(page.getByRole('button', { name: 'Activate my account' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login',
  );
});
