import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPowerDns } from '../support/powerdns';

// DNS hosting against a real PowerDNS (pdns_server, SQLite backend) on loopback ports of its
// own: every record type set through the API is answered as set by a DNS client, a deleted one
// is gone, DNSSEC answers carry signatures, and changes made while PowerDNS is away are applied
// in order, once each, when it returns.
process.env.TEST_CLOCK = 'true';
const pdns = await startPowerDns();
process.env.PDNS_API_URL = pdns.url;
process.env.PDNS_API_KEY = pdns.key;

const { buyer, checkoutRoutes, readyCart } = await import('../support/checkout');
const routes = await checkoutRoutes();
const dnsRoute = await import('@/app/api/services/[id]/dns/route');
const recordRoute = await import('@/app/api/services/[id]/dns/[record]/route');
const templateRoute = await import('@/app/api/services/[id]/dns/template/route');
const dnssecRoute = await import('@/app/api/services/[id]/dns/dnssec/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { dnsChanges, dnsRecords, dnsZones, auditEvents } = await import('@/lib/db/schema');
const { eq, asc } = await import('drizzle-orm');
const jobs = await import('@/lib/jobs/process-queue.server');
await import('@/features/dns/server/sync-job.server');
await jobs.runJobsInThisProcess();

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
const HOUR = 60 * 60 * 1000;

type B = Awaited<ReturnType<typeof buyer>>;
let owner: B;
let serviceId = '';
let domain = '';

const call = (
  who: B,
  handler: Parameters<B['agent']['call']>[0],
  method: string,
  path: string,
  params: Record<string, string>,
  json?: unknown,
) => who.agent.call(handler, path, { method, json, params, headers: who.headers() });
const get = (who: B = owner) =>
  call(who, dnsRoute.GET, 'GET', `/api/services/${serviceId}/dns`, { id: serviceId });
const add = (json: unknown, who: B = owner) =>
  call(who, dnsRoute.POST, 'POST', `/api/services/${serviceId}/dns`, { id: serviceId }, json);
const patch = (record: string, json: unknown) =>
  call(
    owner,
    recordRoute.PATCH,
    'PATCH',
    `/api/services/${serviceId}/dns/${record}`,
    { id: serviceId, record },
    json,
  );
const remove = (record: string) =>
  call(owner, recordRoute.DELETE, 'DELETE', `/api/services/${serviceId}/dns/${record}`, {
    id: serviceId,
    record,
  });
const sync = () => jobs.runDueJobs();

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  owner = await buyer(routes);
  const ready = await readyCart(owner);
  domain = ready.domain;
  const placed = await owner.order(ready.body);
  expect((await owner.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  const list = (await owner.services()).body.data.services as { id: string; type: string }[];
  serviceId = list.find((s) => s.type === 'domain')!.id;
  await sync();
});

afterAll(async () => {
  await pdns.close();
});

describe('a zone per domain', () => {
  it('is created in PowerDNS when the domain is paid, with SOA, NS and the store template', async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    const dns = answer.body.data.dns;
    expect(dns).toMatchObject({ hosting: true, zone: domain, sync: 'synced', in_use: true });
    expect(dns.records).toEqual([
      expect.objectContaining({ name: 'www', type: 'CNAME', ttl: 3600 }),
    ]);
    const ns = await pdns.resolver.resolveNs(domain);
    expect(ns.sort()).toEqual(dns.nameservers.slice().sort());
    const soa = await pdns.resolver.resolveSoa(domain);
    expect(soa.serial).toBe(dns.serial);
    const zones = await (await appDb()).select().from(dnsZones).where(eq(dnsZones.zone, domain));
    expect(zones).toHaveLength(1);
  });
});

describe('records', () => {
  it('serves every record type as set, and forgets a deleted one', async () => {
    const long = 'v=spf1 ' + 'include:a-very-long-provider.example.net '.repeat(10) + '-all';
    const set = [
      { name: '@', type: 'A', content: '192.0.2.10', ttl: 300 },
      { name: 'v6', type: 'AAAA', content: '2001:DB8::10', ttl: 300 },
      { name: 'blog', type: 'CNAME', content: 'hosting.example.net', ttl: 300 },
      { name: '@', type: 'MX', content: 'mx.example.net', ttl: 300, priority: 10 },
      { name: '@', type: 'TXT', content: long, ttl: 300 },
      { name: '_sip._tcp', type: 'SRV', content: '5 5060 sip.example.net', ttl: 300, priority: 10 },
      { name: '@', type: 'CAA', content: '0 issue "letsencrypt.org"', ttl: 300 },
      { name: 'sub', type: 'NS', content: 'ns.other.example', ttl: 300 },
      { name: 'bücher', type: 'A', content: '192.0.2.11', ttl: 300 },
    ];
    const ids: string[] = [];
    for (const record of set) {
      const answer = await add(record);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.data.record.id);
    }
    await sync();
    const r = pdns.resolver;
    expect(await r.resolve4(domain)).toEqual(['192.0.2.10']);
    expect(await r.resolve6(`v6.${domain}`)).toEqual(['2001:db8::10']);
    expect(await r.resolveCname(`blog.${domain}`)).toEqual(['hosting.example.net']);
    expect(await r.resolveMx(domain)).toEqual([{ exchange: 'mx.example.net', priority: 10 }]);
    const txt = await r.resolveTxt(domain);
    expect(txt).toHaveLength(1);
    expect(txt[0]!.length).toBe(2);
    expect(txt[0]!.every((s) => Buffer.byteLength(s) <= 255)).toBe(true);
    expect(txt[0]!.join('')).toBe(long);
    expect(await r.resolveSrv(`_sip._tcp.${domain}`)).toEqual([
      { name: 'sip.example.net', port: 5060, priority: 10, weight: 5 },
    ]);
    expect(await r.resolveCaa(domain)).toEqual([{ critical: 0, issue: 'letsencrypt.org' }]);
    expect(pdns.dig(`sub.${domain}`, 'NS', ['+authority']).join('\n')).toContain(
      'ns.other.example.',
    );
    expect(await r.resolve4(`xn--bcher-kva.${domain}`)).toEqual(['192.0.2.11']);

    // Changed, then deleted: the answer follows.
    expect((await patch(ids[0]!, { content: '192.0.2.20' })).status).toBe(200);
    await sync();
    expect(await r.resolve4(domain)).toEqual(['192.0.2.20']);
    expect((await remove(ids[1]!)).status).toBe(200);
    await sync();
    await expect(r.resolve6(`v6.${domain}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const soa = await r.resolveSoa(domain);
    expect(soa.serial).toBe((await get()).body.data.dns.serial);
  });

  it('refuses what the RFCs refuse, with the field that is wrong, and writes nothing', async () => {
    const before = (await get()).body.data.dns;
    const bad: [unknown, string][] = [
      [{ name: 'x', type: 'A', content: '300.1.1.1', ttl: 300 }, 'content'],
      [{ name: 'x', type: 'AAAA', content: '192.0.2.1', ttl: 300 }, 'content'],
      [{ name: 'x', type: 'A', content: '192.0.2.1', ttl: 59 }, 'ttl'],
      [{ name: 'x', type: 'A', content: '192.0.2.1', ttl: 86401 }, 'ttl'],
      [{ name: 'x', type: 'MX', content: 'mx.example.net', ttl: 300 }, 'priority'],
      [{ name: 'x', type: 'MX', content: 'mx.example.net', ttl: 300, priority: 70000 }, 'priority'],
      [{ name: 'x', type: 'CNAME', content: 'not a host', ttl: 300 }, 'content'],
      [{ name: 'x', type: 'CAA', content: '0 pickme "ca.example"', ttl: 300 }, 'content'],
      [{ name: 'bad name!', type: 'A', content: '192.0.2.1', ttl: 300 }, 'name'],
      [{ name: 'x\u0000', type: 'A', content: '192.0.2.1', ttl: 300 }, 'name'],
      [{ name: 'x', type: 'SPF', content: 'v=spf1', ttl: 300 }, 'type'],
      // A CNAME beside other data, either way round.
      [{ name: 'blog', type: 'TXT', content: 'hello', ttl: 300 }, 'name'],
      [{ name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 }, 'name'],
      [{ name: '@', type: 'CNAME', content: 'other.example', ttl: 300 }, 'name'],
    ];
    for (const [json, field] of bad) {
      const answer = await add(json);
      expect([400, 422], JSON.stringify(json)).toContain(answer.status);
      expect(answer.body.error.fields?.[field], JSON.stringify(answer.body)).toBeDefined();
    }
    const after = (await get()).body.data.dns;
    expect(after.serial).toBe(before.serial);
    expect(after.records).toEqual(before.records);
  });

  it('keeps both of two parallel changes, each with its own serial', async () => {
    const before = (await get()).body.data.dns.serial;
    const [a, b] = await Promise.all([
      add({ name: 'left', type: 'A', content: '192.0.2.31', ttl: 300 }),
      add({ name: 'right', type: 'A', content: '192.0.2.32', ttl: 300 }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    await sync();
    const dns = (await get()).body.data.dns;
    expect(dns.serial).toBe(before + 2);
    expect(await pdns.resolver.resolve4(`left.${domain}`)).toEqual(['192.0.2.31']);
    expect(await pdns.resolver.resolve4(`right.${domain}`)).toEqual(['192.0.2.32']);
  });

  it('logs every change with before and after', async () => {
    const rows = await (
      await appDb()
    )
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.accountId, owner.accountId));
    const changed = rows.find((r) => r.action === 'dns.record_changed');
    expect(changed?.detail).toMatchObject({
      before: { content: '192.0.2.10' },
      after: { content: '192.0.2.20' },
    });
    expect(rows.some((r) => r.action === 'dns.record_removed')).toBe(true);
  });
});

describe('templates', () => {
  it('shows what a template adds and replaces before it applies it', async () => {
    const path = `/api/services/${serviceId}/dns/template`;
    const preview = await call(
      owner,
      templateRoute.POST,
      'POST',
      path,
      { id: serviceId },
      {
        template: 'mail_google',
        preview: true,
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.template.applied).toBe(false);
    expect(preview.body.data.template.replace.map((r: { type: string }) => r.type).sort()).toEqual([
      'MX',
      'TXT',
    ]);
    expect(await pdns.resolver.resolveMx(domain)).toEqual([
      { exchange: 'mx.example.net', priority: 10 },
    ]);
    const applied = await call(
      owner,
      templateRoute.POST,
      'POST',
      path,
      { id: serviceId },
      {
        template: 'mail_google',
      },
    );
    expect(applied.status).toBe(200);
    await sync();
    expect(await pdns.resolver.resolveMx(domain)).toEqual([
      { exchange: 'smtp.google.com', priority: 1 },
    ]);
  });
});

describe('DNSSEC', () => {
  it('signs the zone and shows the DS to publish; off unsigns it', async () => {
    const path = `/api/services/${serviceId}/dns/dnssec`;
    expect(
      (await call(owner, dnssecRoute.PUT, 'PUT', path, { id: serviceId }, { enabled: true }))
        .status,
    ).toBe(200);
    await sync();
    const dns = (await get()).body.data.dns;
    expect(dns.dnssec.enabled).toBe(true);
    expect(dns.dnssec.ds.length).toBeGreaterThan(0);
    expect(dns.dnssec.ds[0]).toMatch(new RegExp(`^${domain}\\. IN DS \\d+ 13 2 [0-9a-f]{64}$`));
    expect(pdns.dig(domain, 'A', ['+dnssec']).some((l) => /\sRRSIG\s+A\s/.test(l))).toBe(true);
    expect(
      (await call(owner, dnssecRoute.PUT, 'PUT', path, { id: serviceId }, { enabled: false }))
        .status,
    ).toBe(200);
    await sync();
    expect((await get()).body.data.dns.dnssec).toEqual({ enabled: false, ds: [] });
    expect(pdns.dig(domain, 'A', ['+dnssec']).some((l) => /\sRRSIG\s/.test(l))).toBe(false);
  });
});

describe('PowerDNS away', () => {
  it('keeps changes as waiting to sync and applies them in order, once each, when it returns', async () => {
    await pdns.stop();
    const made: string[] = [];
    for (const content of ['192.0.2.41', '192.0.2.42', '192.0.2.43']) {
      const answer = await add({ name: `away${made.length}`, type: 'A', content, ttl: 300 });
      expect(answer.status).toBe(201);
      made.push(answer.body.data.record.id);
    }
    expect((await remove(made[0]!)).status).toBe(200);
    await sync();
    expect((await get()).body.data.dns.sync).toBe('waiting');
    await pdns.start();
    await jobs.advanceTimeAndRunDueJobs(HOUR);
    const dns = (await get()).body.data.dns;
    expect(dns.sync).toBe('synced');
    await expect(pdns.resolver.resolve4(`away0.${domain}`)).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
    expect(await pdns.resolver.resolve4(`away1.${domain}`)).toEqual(['192.0.2.42']);
    expect(await pdns.resolver.resolve4(`away2.${domain}`)).toEqual(['192.0.2.43']);
    expect((await pdns.resolver.resolveSoa(domain)).serial).toBe(dns.serial);
    const zone = (
      await (await appDb()).select().from(dnsZones).where(eq(dnsZones.zone, domain))
    )[0]!;
    const changes = await (
      await appDb()
    )
      .select()
      .from(dnsChanges)
      .where(eq(dnsChanges.zoneId, zone.id))
      .orderBy(asc(dnsChanges.seq));
    expect(changes.every((c) => c.appliedCount === 1)).toBe(true);
    const applied = changes.map((c) => c.appliedAt!.getTime());
    expect(applied).toEqual([...applied].sort((x, y) => x - y));
  });
});

describe('a full zone', () => {
  it('holds at most 500 records: the 501st is refused and nothing is written', async () => {
    const db = await appDb();
    const [zone] = await db.select().from(dnsZones).where(eq(dnsZones.zone, domain));
    const held = (await get()).body.data.dns.records.length;
    // Filled in the database: 500 calls would only make the test slow.
    await db.insert(dnsRecords).values(
      Array.from({ length: 500 - held }, (_, i) => ({
        zoneId: zone!.id,
        name: `fill${i}`,
        type: 'A',
        content: '192.0.2.99',
        ttl: 300,
        createdAt: new Date(),
      })),
    );
    const before = (await get()).body.data.dns;
    expect(before.records).toHaveLength(500);
    const refused = await add({ name: 'onemore', type: 'A', content: '192.0.2.100', ttl: 300 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('dns_zone_full');
    const after = (await get()).body.data.dns;
    expect(after.serial).toBe(before.serial);
    expect(after.records).toHaveLength(500);
  });
});
