import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent } from '../support/agent';
import { ownDatabase } from '../support/own-database';
import { startPowerDns } from '../support/powerdns';

// Issue 28 point 1, the ends of a zone's life: a domain whose customer set other name servers
// keeps its zone (still served) but the DNS tab says it is not in use; a domain released at the
// end of its life takes its zone out of PowerDNS. The clock is the product's (POST
// /api/admin/clock); the renewal jobs sweep every due service, so on PostgreSQL this file keeps to
// a database of its own.
const TOKEN = 'dns-release-admin-token-0123456789abcdef';
process.env.TEST_CLOCK = 'true';
process.env.ADMIN_API_TOKEN = TOKEN;
await ownDatabase();
const pdns = await startPowerDns();
process.env.PDNS_API_URL = pdns.url;
process.env.PDNS_API_KEY = pdns.key;

const { buyer, checkoutRoutes } = await import('../support/checkout');
const routes = await checkoutRoutes();
const clock = await import('@/app/api/admin/clock/route');
const one = await import('@/app/api/services/[id]/route');
const dnsRoute = await import('@/app/api/services/[id]/dns/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const jobs = await import('@/lib/jobs/process-queue.server');
await import('@/features/renewals/server/life-jobs.server');
await import('@/features/purchase/server/receipt-job.server');
await import('@/features/dns/server/sync-job.server');
await jobs.runJobsInThisProcess();

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
const DAY = 24 * 60 * 60 * 1000;
const operator = new Agent('nameport.localhost');

type B = Awaited<ReturnType<typeof buyer>>;
let b: B;
let serviceId = '';
let domain = '';
let expiresAt = '';

const dns = () =>
  b.agent.call(dnsRoute.GET, `/api/services/${serviceId}/dns`, {
    params: { id: serviceId },
    headers: b.headers(),
  });
async function patch(json: unknown) {
  await b.signIn();
  const answer = await b.agent.call(one.PATCH, `/api/services/${serviceId}`, {
    method: 'PATCH',
    json,
    params: { id: serviceId },
    headers: b.headers(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
/** Whether PowerDNS holds the zone, as its API says. */
async function inPowerDns(): Promise<boolean> {
  const answer = await fetch(`${pdns.url}/api/v1/servers/localhost/zones/${domain}.`, {
    headers: { 'x-api-key': pdns.key },
  });
  return answer.status === 200;
}

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  b = await buyer(routes);
  domain = `release-${Date.now().toString(36)}.com`;
  expect((await b.addToCart({ type: 'domain_registration', domain, years: 1 })).status).toBe(200);
  const checked = await b.checkout();
  const placed = await b.order({
    cart_version: checked.body.data.cart.version,
    accept_terms: true,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect((await b.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  const list = (await b.services()).body.data.services as {
    id: string;
    type: string;
    expires_at: string;
  }[];
  const svc = list.find((s) => s.type === 'domain')!;
  serviceId = svc.id;
  expiresAt = svc.expires_at;
  await jobs.runDueJobs();
});
afterAll(async () => {
  await pdns.close();
});

describe('a zone at the ends of its domain’s life', () => {
  it('is kept but shown not in use when the customer names other name servers', async () => {
    const before = (await dns()).body.data.dns;
    expect(before).toMatchObject({ zone: domain, in_use: true, sync: 'synced' });
    await patch({ nameservers: ['ns1.elsewhere.example', 'ns2.elsewhere.example'] });
    const after = await dns();
    expect(after.status).toBe(200);
    expect(after.body.data.dns).toMatchObject({ zone: domain, in_use: false });
    expect(after.body.data.dns.records).toEqual(before.records);
    expect(await inPowerDns()).toBe(true);
    expect((await pdns.resolver.resolveSoa(domain)).serial).toBe(before.serial);
  });

  it('leaves PowerDNS when the domain is released', async () => {
    await patch({ auto_renew: false });
    const target = Date.parse(expiresAt) + 60 * DAY;
    const now = await operator.call(clock.GET, '/api/admin/clock', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const from = Date.parse(now.body.data.now);
    const moved = await operator.call(clock.POST, '/api/admin/clock', {
      method: 'POST',
      json: { advance_days: Math.ceil((target - from) / DAY) },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(moved.status).toBe(200);
    await jobs.runDueJobs();
    await b.signIn();
    const list = (await b.services()).body.data.services as { id: string; status: string }[];
    expect(list.find((s) => s.id === serviceId)!.status).toBe('released');
    expect(await inPowerDns()).toBe(false);
    await expect(pdns.resolver.resolveSoa(domain)).rejects.toBeTruthy();
  });
});
