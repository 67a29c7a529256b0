import { expect, test } from '@playwright/test';
import type { MailServer } from '../support/mail-server';
import { startSuiteMailbox, suiteEmail } from './auth-support';
import { jsonOf, PORT, request, type RawResponse } from './support';

/** A store's mail, and the address it and the store's pages give. */

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

const cookiesOf = (answer: RawResponse) =>
  [...answer.headers.matchAll(/^set-cookie: ([^;\r\n]+)/gim)].map((m) => m[1]).join('; ');

async function registerOn(host: string, email: string): Promise<void> {
  const token = await request({ host, path: '/api/token' });
  const answer = await request({
    host,
    method: 'POST',
    path: '/svc/account',
    headers: {
      cookie: cookiesOf(token),
      'x-xsrf-token': jsonOf(token).data.token,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'Ada', email, password: 'a long and private passphrase' }),
  });
  expect(answer.status).toBe(202);
}

test("a white-label store's pages, sitemap and robots.txt name the address its mails link to", async ({
  page,
}) => {
  const email = suiteEmail('address');
  await registerOn('acme.localhost', email);
  const mail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const link = new URL(mail.text.match(/https?:\/\/\S+\/activate\S*/)![0]);
  expect(link.origin).toBe(`http://acme.localhost:${PORT}`);
  // Sent as Acme, from Acme's own domain, not the domain brand's.
  expect(mail.from).toMatch(/^"?Acme Voice"? <no-reply@acme\.localhost>$/);

  const home = await request({ host: 'acme.localhost', path: '/' });
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(home.body)?.[1];
  expect(new URL(canonical!).href).toBe(`${link.origin}/`);
  expect(home.body).toContain(`"@type":"WebSite","name":"Acme Voice","url":"${link.origin}"`);
  const robots = await request({ host: 'acme.localhost', path: '/robots.txt' });
  expect(robots.body).toContain(`Sitemap: ${link.origin}/sitemap.xml`);
  const sitemap = await request({ host: 'acme.localhost', path: '/sitemap.xml' });
  expect(sitemap.body).toContain(`<loc>${link.origin}/</loc>`);

  // The link itself reaches the store, as a browser opens it.
  const opened = await page.goto(link.href);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('banner')).toContainText('Acme Voice');
});
