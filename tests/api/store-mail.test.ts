import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent } from '../support/auth-flows';
import { linkIn, type ReceivedMail } from '../support/mail-server';

// The local link settings of README: every store's mail must link to where it is served here.
process.env.STORE_LINK_SCHEME = 'http';
process.env.STORE_LINK_PORT = '4200';
const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { stores, storeHosts } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { storeService } = await import('@/features/tenancy/server/store-service.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

async function activationMail(host: string) {
  const email = freshEmail(host.split('.')[0]);
  const agent = await readyAgent(routes, host);
  const answer = await agent.call(routes.account.POST, '/svc/account', {
    method: 'POST',
    json: { name: 'Ada', email, password: PASSWORD },
  });
  expect(answer.status).toBe(202);
  return mail.waitFor(email, (m) => m.subject.startsWith('Activate'));
}

/** The From header as a mail client shows it: display name and address. */
function sender(received: ReceivedMail): { name: string; address: string } {
  const [, name, address] = /^"?(.*?)"?\s*<([^>]+)>$/.exec(received.from) ?? [];
  return { name: name ?? '', address: address ?? received.from };
}

describe("a store's mail comes from the store", () => {
  it.each([
    ['nameport.localhost', 'Nameport', 'no-reply@nameport.example'],
    ['callwave.localhost', 'Callwave', 'no-reply@callwave.example'],
    ['acme.localhost', 'Acme Voice', 'no-reply@acme.localhost'],
    ['bytes.localhost', 'Bytes Domains', 'no-reply@bytes.localhost'],
  ])('%s: by its name, from no-reply on its own domain', async (host, name, address) => {
    const received = await activationMail(host);
    expect(sender(received)).toEqual({ name, address });
  });

  it('from the address the store set for its mail', async () => {
    const id = randomUUID();
    const host = `mail-${id.slice(0, 8)}.localhost`;
    const db = await appDb();
    await db.insert(stores).values({
      id,
      storeUuid: id,
      storeName: 'Brightline',
      domainName: host,
      variables: { mailFrom: 'hello@brightline.example', supportEmail: 'help@brightline.example' },
    });
    await db.insert(storeHosts).values({ host, storeId: id });
    const received = await activationMail(host);
    expect(sender(received)).toEqual({ name: 'Brightline', address: 'hello@brightline.example' });
    expect(received.raw).toMatch(/^Reply-To: help@brightline\.example/m);
  });
});

describe("a store's mail, with local links", () => {
  it.each(['nameport.localhost', 'callwave.localhost', 'acme.localhost', 'bytes.localhost'])(
    'links %s to the host and port it is served on',
    async (host) => {
      const link = linkIn(await activationMail(host), '/activate');
      expect(link.origin).toBe(`http://${host}:4200`);
      // The host it names is this store's: opening the link lands where the mail came from.
      const reached = await storeService().byHost(link.hostname);
      expect(reached?.key).toBe((await storeService().byHost(host))?.key);
    },
  );
});
