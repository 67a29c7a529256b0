import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox } from './auth-support';
import { checkAdminPage, newStoreOwner } from './admin-support';
import { PORT, visit } from './support';

/**
 * The store's DNS default in the browser (issue 28 point 3): the owner of a store the operator
 * made (its own, so the demo owner's second factor is left to store-admin.spec.ts) sees the
 * shipped templates with their records on /admin/dns and names Google Workspace the default, by
 * keyboard. axe and a 390 px screen.
 */

const HOST = `dnsdefault-${Date.now().toString(36)}.localhost`;
const STORE = `http://${HOST}:${PORT}`;
const PASSWORD = 'a dns default owner passphrase';

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

test('the owner sees the DNS templates’ records and names the store’s default', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newStoreOwner(
    browser,
    mailbox,
    { host: HOST, name: 'DNS Default Test' },
    { label: 'dns-owner', name: 'Dee Dns', password: PASSWORD },
  );

  await owner
    .getByRole('navigation', { name: 'DNS Default Test admin' })
    .getByRole('link', { name: 'DNS', exact: true })
    .click();
  await expect(owner).toHaveURL(`${STORE}/admin/dns`);
  await owner.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(owner.getByRole('heading', { level: 1, name: 'DNS' })).toBeVisible();
  const site = owner.getByRole('table', { name: 'Records of Web site at this store' });
  await expect(site.getByRole('row').nth(1)).toHaveText(`wwwCNAME${HOST}3600`);
  const google = owner.getByRole('table', { name: 'Records of Mail at Google Workspace' });
  await expect(google).toContainText('1 smtp.google.com');
  await expect(owner.getByRole('radio', { name: 'Web site at this store' })).toBeChecked();
  await checkAdminPage(owner, '/admin/dns');

  // By keyboard: the radio group, then the button.
  await owner.getByRole('radio', { name: 'Web site at this store' }).focus();
  await owner.keyboard.press('ArrowDown');
  await expect(owner.getByRole('radio', { name: 'Mail at Google Workspace' })).toBeChecked();
  await owner.keyboard.press('Tab');
  await expect(owner.getByRole('button', { name: 'Save the default' })).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(owner.getByRole('status')).toHaveText(
    'New domains’ zones now start with “Mail at Google Workspace”.',
  );
  await expect(
    owner.getByRole('heading', { level: 3, name: 'Mail at Google Workspace (the default)' }),
  ).toBeVisible();
  await checkAdminPage(owner, '/admin/dns after saving');

  // Still the default after a reload, and in the audit.
  await visit(owner, `${STORE}/admin/dns`);
  await expect(owner.getByRole('radio', { name: 'Mail at Google Workspace' })).toBeChecked();
  await visit(owner, `${STORE}/admin/audit`);
  await expect(owner.getByRole('main')).toContainText('dns.default_template_changed');
});
