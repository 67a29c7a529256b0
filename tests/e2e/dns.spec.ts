import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startPowerDns } from '../support/powerdns';
import { startSuiteMailbox } from './auth-support';
import { expectNoSeriousViolations } from './checkout-support';
import { customerWithServices, expectFitsScreen } from './dashboard-support';
import { E2E_PDNS_API_KEY } from './server-settings';
import { PORT, visit } from './support';

/**
 * The DNS tab in the browser against a real PowerDNS (its API on the suite's port + 3): a
 * customer adds a record by keyboard, edits it inline, previews and applies a template, and a
 * DNS client sees the records served; with PowerDNS stopped the zone says it waits to sync and
 * the change is served once it is back; at 390 px and axe clean.
 */
let mailbox: MailServer;
let pdns: Awaited<ReturnType<typeof startPowerDns>>;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
  pdns = await startPowerDns({ apiPort: PORT + 3, key: E2E_PDNS_API_KEY });
});
test.afterAll(async () => {
  await mailbox.close();
  await pdns.close();
});

test('a customer edits a domain’s records on the DNS tab, by keyboard, at 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { base, domain, services } = await customerWithServices(page, mailbox, 'acme.localhost', 1);
  const domainId = services.find((s) => s.type === 'domain')!.id;
  await visit(page, `${base}/dashboard/services/${domainId}`);
  await page.getByRole('link', { name: 'DNS records' }).click();
  await expect(page.getByRole('heading', { name: `DNS of ${domain}` })).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expectFitsScreen(page, 'DNS tab');
  await expectNoSeriousViolations(page, 'DNS tab');

  // Add an A record by keyboard only.
  await page.locator('#add-name').focus();
  await page.keyboard.type('shop');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('192.0.2.77');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('300');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'A record for shop added.' }),
  ).toBeVisible();
  await expect(page.getByText('192.0.2.77')).toBeVisible();

  // A wrong address is refused with the field's message.
  await page.locator('#add-name').fill('bad');
  await page.locator('#add-content').fill('300.1.1.1');
  await page.getByRole('button', { name: 'Add record' }).click();
  await expect(page.getByText(/must be an IPv4 address/)).toBeVisible();

  // Edited inline.
  await page.getByRole('button', { name: 'Edit A record shop' }).click();
  await page.locator('input[name="content"]').first().fill('192.0.2.78');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Record saved.' })).toBeVisible();
  await expect(page.getByText('192.0.2.78')).toBeVisible();

  // A template's preview, then applied.
  await page.getByLabel('Template', { exact: true }).selectOption('mail_google');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('@ MX smtp.google.com')).toBeVisible();
  await expectNoSeriousViolations(page, 'DNS tab with a preview');
  await page.getByRole('button', { name: 'Apply template' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Template applied.' })).toBeVisible();
  await expectFitsScreen(page, 'DNS tab after edits');

  // Served by PowerDNS once the sync job ran.
  await expect
    .poll(async () => pdns.resolver.resolve4(`shop.${domain}`).catch(() => []), { timeout: 30_000 })
    .toEqual(['192.0.2.78']);
  await expect
    .poll(async () => pdns.resolver.resolveMx(domain).catch(() => []), { timeout: 30_000 })
    .toEqual([{ exchange: 'smtp.google.com', priority: 1 }]);
  const state = page.getByRole('definition').filter({ hasText: /Served as shown|Waiting to sync/ });
  await page.reload();
  await expect(state).toHaveText('Served as shown');

  // PowerDNS away: the change is kept and the zone says it waits; once back, it is served.
  await pdns.stop();
  await page.locator('#add-name').fill('away');
  await page.locator('#add-content').fill('192.0.2.99');
  await page.getByRole('button', { name: 'Add record' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'A record for away added.' }),
  ).toBeVisible();
  await page.reload();
  await expect(state).toHaveText('Waiting to sync');
  await expect(page.getByText('192.0.2.99')).toBeVisible();
  await pdns.start();
  await expect
    .poll(async () => pdns.resolver.resolve4(`away.${domain}`).catch(() => []), { timeout: 60_000 })
    .toEqual(['192.0.2.99']);
  await page.reload();
  await expect(state).toHaveText('Served as shown');
});
