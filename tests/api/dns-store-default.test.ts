import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPowerDns } from '../support/powerdns';

// Issue 28 point 3: a store names its default DNS template in its admin (owners), and a zone
// made for a domain the store sells starts with that template's records, served by a real
// PowerDNS on loopback ports of its own. An unknown template is refused with the field; a
// member of staff may not name one; the change is in the admin's audit with before and after.
process.env.TEST_CLOCK = 'true';
const pdns = await startPowerDns();
process.env.PDNS_API_URL = pdns.url;
process.env.PDNS_API_KEY = pdns.key;

const { newStore, OPERATOR_TOKEN, signedInStaff, storeAdminRoutes } =
  await import('../support/store-admin');
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
const { buyer, checkoutRoutes } = await import('../support/checkout');
const adminRoutes = await storeAdminRoutes();
const routes = await checkoutRoutes();
const defaultRoute = await import('@/app/api/store-admin/dns/default-template/route');
const dnsRoute = await import('@/app/api/services/[id]/dns/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { dnsStoreDefaults, storeAdminAudit } = await import('@/lib/db/schema');
const jobs = await import('@/lib/jobs/process-queue.server');
await import('@/features/dns/server/sync-job.server');
await jobs.runJobsInThisProcess();

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
const read = (s: Staff) =>
  s.agent.call(defaultRoute.GET, '/api/store-admin/dns/default-template', { params: {} });
const put = (s: Staff, json: unknown) =>
  s.agent.call(defaultRoute.PUT, '/api/store-admin/dns/default-template', {
    method: 'PUT',
    json,
    params: {},
  });

let store: { host: string; id: string };
let owner: Staff;
let member: Staff;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  store = await newStore(adminRoutes, 'dnsdefault');
  owner = await signedInStaff(adminRoutes, store, 'store_owner');
  member = await signedInStaff(adminRoutes, store, 'store_staff');
});
afterAll(async () => {
  await pdns.close();
});

type ZoneView = { zone: string; sync: string; records: { name: string; type: string }[] };

/** A customer of the store buys a domain on the store's host and pays; answers its DNS as shown. */
async function paidDomain(): Promise<{ domain: string; dns: ZoneView }> {
  const b = await buyer(routes, { host: store.host });
  const domain = `default-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}.com`;
  expect((await b.addToCart({ type: 'domain_registration', domain, years: 1 })).status).toBe(200);
  const checked = await b.checkout();
  expect(checked.status).toBe(200);
  const placed = await b.order({
    cart_version: checked.body.data.cart.version,
    accept_terms: true,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect((await b.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  const list = (await b.services()).body.data.services as { id: string; type: string }[];
  const serviceId = list.find((s) => s.type === 'domain')!.id;
  await jobs.runDueJobs();
  const dns = await b.agent.call(dnsRoute.GET, `/api/services/${serviceId}/dns`, {
    params: { id: serviceId },
    headers: b.headers(),
  });
  expect(dns.status).toBe(200);
  return { domain, dns: dns.body.data.dns };
}

describe('a store’s default DNS template', () => {
  it('lists the shipped templates with their records, and store_site until the store names one', async () => {
    const answer = await read(owner);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.template).toBe('store_site');
    expect(data.templates.map((t: { id: string }) => t.id)).toEqual([
      'store_site',
      'mail_google',
      'mail_microsoft',
    ]);
    const site = data.templates.find((t: { id: string }) => t.id === 'store_site');
    expect(site).toMatchObject({
      name: 'Web site at this store',
      records: [{ name: 'www', type: 'CNAME', content: store.host, ttl: 3600 }],
    });
    const google = data.templates.find((t: { id: string }) => t.id === 'mail_google');
    expect(google.records).toContainEqual({
      name: '@',
      type: 'MX',
      content: 'smtp.google.com',
      ttl: 3600,
      priority: 1,
    });
  });

  it('refuses an unknown template, or one that needs each customer’s text, with the field', async () => {
    for (const template of ['nope', 'verification', 'store_site\u0000']) {
      const answer = await put(owner, { template });
      expect([400, 422], template).toContain(answer.status);
      expect(answer.body.error.fields?.template, JSON.stringify(answer.body)).toBeDefined();
    }
    expect((await put(owner, { template: 'nope' })).status).toBe(422);
    const stored = await (
      await appDb()
    )
      .select()
      .from(dnsStoreDefaults)
      .where(eq(dnsStoreDefaults.storeKey, store.id));
    expect(stored).toEqual([]);
  });

  it('may be named by an owner only', async () => {
    const refused = await put(member, { template: 'mail_google' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await read(member)).status).toBe(403);
    expect((await read(owner)).body.data.template).toBe('store_site');
  });

  it('gives a new zone of the store’s domain its records, and is audited', async () => {
    const named = await put(owner, { template: 'mail_google' });
    expect(named.status).toBe(200);
    expect(named.body.data.template).toBe('mail_google');
    expect((await read(owner)).body.data.template).toBe('mail_google');
    const [entry] = await (
      await appDb()
    )
      .select()
      .from(storeAdminAudit)
      .where(
        and(
          eq(storeAdminAudit.storeId, store.id),
          eq(storeAdminAudit.action, 'dns.default_template_changed'),
        ),
      );
    expect(entry).toMatchObject({
      actor: owner.email,
      before: { template: 'store_site' },
      after: { template: 'mail_google' },
    });

    const { domain, dns } = await paidDomain();
    expect(dns.zone).toBe(domain);
    expect(dns.sync).toBe('synced');
    expect(dns.records.map((r) => `${r.name} ${r.type}`).sort()).toEqual(['@ MX', '@ TXT']);
    expect(await pdns.resolver.resolveMx(domain)).toEqual([
      { exchange: 'smtp.google.com', priority: 1 },
    ]);
    expect((await pdns.resolver.resolveTxt(domain)).flat()).toEqual([
      'v=spf1 include:_spf.google.com ~all',
    ]);
    await expect(pdns.resolver.resolveCname(`www.${domain}`)).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});
