import { expect, test, type Page } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { checkAdminPage, enrolAuthenticator, signIn } from './admin-support';
import { PORT, visit } from './support';

/**
 * A store's own admin in the browser (issue 26): the demo owner of bytes.localhost signs in at
 * /admin, sets up the second factor the admin asks for, sees the navigation of their role and
 * invites a member of staff, who joins from the mail on the same host and sees less, and is told
 * that an owners' page is for the owners. A signed-in customer gets the 404 page; a visitor is sent
 * to sign in. axe and a 390 px screen on every admin page.
 */

const BYTES = `http://bytes.localhost:${PORT}`;
const OWNER = { email: 'owner@bytes.localhost', password: 'bytes admin demo' };
const STAFF_PASSWORD = 'a bytes staff passphrase';

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const checkPage = checkAdminPage;

const navOf = (page: Page) => page.getByRole('navigation', { name: 'Bytes Domains admin' });

test('the owner signs in with a second factor, sees the navigation and invites staff, who join', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext()).newPage();

  // A visitor is sent to sign in, and comes back to the admin.
  await owner.goto(`${BYTES}/admin`);
  await expect(owner).toHaveURL(/\/login\?next=%2Fadmin$/);
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await signIn(owner, OWNER.email, OWNER.password);

  // The first sign-in sets up the second factor, then the admin opens.
  await enrolAuthenticator(owner, OWNER.password);
  await expect(owner.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(navOf(owner).getByRole('link')).toHaveText([
    'Overview',
    'Theme',
    'Prices',
    'Hosts',
    'Orders',
    'Customers',
    'Reports',
    'Payments',
    'Staff',
    'DNS',
    'Audit',
  ]);
  await checkPage(owner, '/admin');

  // The owner invites a member of staff.
  const staffEmail = suiteEmail('bytes-staff');
  await navOf(owner).getByRole('link', { name: 'Staff' }).click();
  await expect(owner).toHaveURL(/\/admin\/staff$/);
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(owner.getByRole('list', { name: 'Staff members' })).toContainText(OWNER.email);
  await owner.getByLabel('E-mail address').fill(staffEmail);
  await owner.getByLabel('Role').selectOption('store_staff');
  await owner.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(owner.getByRole('status')).toContainText(
    `An invitation is on its way to ${staffEmail}`,
  );
  await expect(owner.getByRole('main')).toContainText(`${staffEmail} (Staff)`);
  await checkPage(owner, '/admin/staff');
  // Remove asks first, in place (here the owner's own row); Escape keeps everything as it was.
  await owner.getByRole('button', { name: `Remove ${OWNER.email}` }).click();
  const asking = owner.getByRole('group', { name: `Remove ${OWNER.email}` });
  await expect(asking).toContainText(
    'Remove yourself from the staff? You lose this admin at once.',
  );
  await expect(asking.getByRole('button', { name: `Keep ${OWNER.email}` })).toBeFocused();
  await checkPage(owner, '/admin/staff (asking before a removal)');
  await owner.keyboard.press('Escape');
  await expect(owner.getByRole('button', { name: `Remove ${OWNER.email}` })).toBeFocused();
  await expect(owner.getByRole('list', { name: 'Staff members' })).toContainText(OWNER.email);
  // On a phone each member is a line of the list, with Remove on the screen, not past its edge.
  const deskSize = owner.viewportSize()!;
  await owner.setViewportSize({ width: 390, height: 844 });
  const members = owner.getByRole('list', { name: 'Staff members' });
  await expect(members.getByRole('listitem').filter({ hasText: OWNER.email })).toContainText(
    `${OWNER.email} (Owner)`,
  );
  const remove = await members.getByRole('button', { name: `Remove ${OWNER.email}` }).boundingBox();
  expect(remove!.x + remove!.width).toBeLessThanOrEqual(390);
  await owner.setViewportSize(deskSize);

  // The audit names who, when, from where, what, before and after.
  await navOf(owner).getByRole('link', { name: 'Audit' }).click();
  const audit = owner.getByRole('table', { name: 'Changes made in the admin, newest first' });
  await expect(audit.getByRole('row').nth(1)).toContainText(`Staff invited ${staffEmail}`);
  await expect(audit.getByRole('row').nth(1)).toContainText('staff.invited');
  await expect(audit.getByRole('row').nth(1)).toContainText(OWNER.email);
  // What changed, as fields and values rather than JSON.
  const after = audit.getByRole('row').nth(1).getByRole('cell').nth(5);
  await expect(after.getByRole('term').filter({ hasText: /^email:\s*$/ })).toHaveCount(1);
  await expect(after).toContainText(`email: ${staffEmail}`);
  await expect(after).toContainText('role: Staff');
  // A time reads as the When column does, not as a machine's ISO string.
  await expect(after).toContainText(/expires at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
  await expect(after).not.toContainText('{');
  await checkPage(owner, '/admin/audit');
  // Beside the admin's menu at 1280 px the six columns fit: nothing to scroll sideways to.
  const deskAudit = owner.viewportSize()!;
  await owner.setViewportSize({ width: 1280, height: 900 });
  const entries = owner.getByRole('region', { name: 'Audit entries' });
  expect(await entries.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
  await owner.setViewportSize(deskAudit);
  // On a phone each entry is a card: what, when, who, and its values, all on the screen.
  const desk = owner.viewportSize()!;
  await owner.setViewportSize({ width: 390, height: 844 });
  const cards = owner.getByRole('list', { name: 'Changes made in the admin, newest first' });
  await expect(cards.getByRole('listitem').first()).toContainText(`Staff invited ${staffEmail}`);
  await expect(cards.getByRole('listitem').first()).toContainText(`email: ${staffEmail}`);
  await expect(audit).toBeHidden();
  await checkPage(owner, '/admin/audit (phone)');
  await owner.setViewportSize(desk);

  // An invitation whose mail was lost is sent again (the first link stops working), and one
  // sent by mistake is withdrawn, after a question asked in place.
  const lostEmail = suiteEmail('bytes-lost');
  await navOf(owner).getByRole('link', { name: 'Staff' }).click();
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await owner.getByLabel('E-mail address').fill(lostEmail);
  await owner.getByRole('button', { name: 'Send the invitation' }).click();
  const invitations = owner.getByRole('list', { name: 'Invitations' });
  await expect(invitations).toContainText(`${lostEmail} (Staff)`);
  const firstMail = await mailbox.waitFor(lostEmail, (m) =>
    m.subject.startsWith('You are invited'),
  );
  await owner.getByRole('button', { name: `Send again to ${lostEmail}` }).click();
  await expect(owner.getByRole('status')).toContainText(
    `A new invitation is on its way to ${lostEmail}; the earlier link no longer works.`,
  );
  await expect(invitations.getByRole('listitem').filter({ hasText: lostEmail })).toHaveCount(1);
  await expect.poll(() => mailbox.to(lostEmail).length, { timeout: 15_000 }).toBe(2);
  const firstLink = firstMail.text
    .match(/https?:\/\/\S+/g)!
    .find((u) => u.includes('/admin/join'))!;
  const stale = await (await browser.newContext()).newPage();
  await visit(stale, firstLink);
  await expect(stale.getByRole('main')).toContainText('This link is not an invitation');
  await expect(stale.getByRole('main')).toContainText('works only from its newest mail');
  await stale.context().close();
  await checkPage(owner, '/admin/staff (an invitation sent again)');
  await owner.getByRole('button', { name: `Withdraw the invitation to ${lostEmail}` }).click();
  await owner
    .getByRole('group', { name: `Withdraw the invitation to ${lostEmail}` })
    .getByRole('button', { name: `Yes, withdraw the invitation to ${lostEmail}` })
    .click();
  await expect(owner.getByRole('status')).toContainText(
    `The invitation to ${lostEmail} is withdrawn; its link no longer works.`,
  );
  // The row and its buttons are gone: the message has the focus, not the page.
  await expect(owner.getByRole('status')).toBeFocused();
  await expect(invitations).not.toContainText(lostEmail);
  await expect(invitations).toContainText(`${staffEmail} (Staff)`);

  // The invited person registers on the store's host and opens the mail's link.
  const invitation = await mailbox.waitFor(staffEmail, (m) =>
    m.subject.startsWith('You are invited'),
  );
  const link = new URL(
    invitation.text.match(/https?:\/\/\S+/g)!.find((u) => u.includes('/admin/join'))!,
  );
  expect(link.host).toBe(`bytes.localhost:${PORT}`);
  await activeCustomer(mailbox, staffEmail, STAFF_PASSWORD, 'Sid Staff', 'bytes.localhost');
  const staff = await (await browser.newContext()).newPage();
  await visit(staff, link.href);
  await expect(staff.getByRole('main')).toContainText('as a member of staff');
  await checkPage(staff, '/admin/join');
  await staff.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await staff.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await signIn(staff, staffEmail, STAFF_PASSWORD);
  await expect(staff).toHaveURL(/\/admin\/join\?token=/);

  // Signed in but not staff yet: a customer, to whom the admin does not exist.
  const customerView = await staff.context().newPage();
  const notFound = await customerView.goto(`${BYTES}/admin`);
  expect(notFound?.status()).toBe(404);
  // An owners' page too: to someone who is not staff, the admin has no such page (0329).
  const ownersPage = await customerView.goto(`${BYTES}/admin/staff`);
  expect(ownersPage?.status()).toBe(404);
  await expect(customerView.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await customerView.close();

  await staff.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await staff.getByRole('button', { name: 'Accept the invitation' }).click();
  await enrolAuthenticator(staff, STAFF_PASSWORD);
  await expect(navOf(staff).getByRole('link')).toHaveText([
    'Overview',
    'Theme',
    'Orders',
    'Customers',
  ]);
  // An owners' page opened by its address tells staff whose it is, inside the admin (0329).
  await visit(staff, `${BYTES}/admin/staff`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Staff');
  await expect(staff.getByTestId('owners-only')).toContainText(
    'Only the store’s owners can use this page.',
  );
  await expect(staff.getByRole('link', { name: 'Back to the admin’s overview' })).toHaveAttribute(
    'href',
    '/admin',
  );
  await expect(staff.getByRole('list', { name: 'Staff members' })).toHaveCount(0);
  await checkPage(staff, '/admin/staff (staff: for the owners)');

  // The owner sees the new member of staff.
  await owner.goto(`${BYTES}/admin/staff`);
  await expect(owner.getByRole('list', { name: 'Staff members' })).toContainText(staffEmail);
});

test('a visitor is sent to sign in, and never shown the admin', async ({ page }) => {
  const answer = await page.goto(`${BYTES}/admin/staff`);
  // Not signed in: sent to sign in; the admin itself is never shown.
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fstaff$/);
  expect(answer?.status()).toBe(200);
  const join = await page.goto(`${BYTES}/admin/join?token=nothing`);
  expect(join?.status()).toBe(200);
  await expect(page.getByRole('main')).toContainText('This link is not an invitation');
});
