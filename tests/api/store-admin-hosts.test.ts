import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../support/dns-server';
import { startAuthHarness } from '../support/auth-harness';
import { newStore, OPERATOR_TOKEN, signedInStaff, storeAdminRoutes } from '../support/store-admin';
import type { Agent } from '../support/agent';
import { ownDatabase } from '../support/own-database';

// Issue 26 point 5: hosts verified by DNS against a real DNS server on loopback; issue 29's ask.
// The clock moves days ahead here: the jobs and the session sweep it runs would reach other
// files' rows in the PostgreSQL lane's shared database.
await ownDatabase();
const dns = await startDnsServer();
process.env.DNS_RESOLVERS = dns.address;
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
process.env.TEST_CLOCK = 'true';
process.env.TLS_ASK_SECRET = 'tls-ask-secret-for-tests-0123';
const harness = await startAuthHarness();
const routes = await storeAdminRoutes();
const hostsRoute = await import('@/app/api/store-admin/hosts/route');
const verifyRoute = await import('@/app/api/store-admin/hosts/[host]/verify/route');
const oneRoute = await import('@/app/api/store-admin/hosts/[host]/route');
const askRoute = await import('@/app/api/tls/ask/route');
const { isServedHost } = await import('@/features/store-admin/hosts/hosts.server');
const { storeService } = await import('@/features/tenancy/server/store-service.server');
const { advanceTimeAndRunDueJobs } = await import('@/lib/jobs/process-queue.server');

afterAll(async () => {
  await harness.close();
  await dns.close();
});

const add = (a: Agent, host: string) =>
  a.call(hostsRoute.POST, '/api/store-admin/hosts', { method: 'POST', json: { host } });
const verify = (a: Agent, host: string) =>
  a.call(verifyRoute.POST, `/api/store-admin/hosts/${host}/verify`, {
    method: 'POST',
    params: { host },
  });
const remove = (a: Agent, host: string) =>
  a.call(oneRoute.DELETE, `/api/store-admin/hosts/${host}`, { method: 'DELETE', params: { host } });
const list = (a: Agent) => a.call(hostsRoute.GET, '/api/store-admin/hosts');
const ask = async (domain: string, secret = process.env.TLS_ASK_SECRET!) =>
  (
    await askRoute.GET(
      new Request(
        `http://127.0.0.1/api/tls/ask?domain=${encodeURIComponent(domain)}&secret=${secret}`,
      ) as never,
      undefined as never,
    )
  ).status;
const servedStoreName = async (host: string) =>
  (await storeService().byHost(host))?.config.store_name ?? null;

let a: { agent: Agent; host: string; storeId: string };
let b: { agent: Agent; host: string; storeId: string };
let storeA: { host: string; id: string };
let storeB: { host: string; id: string };
beforeAll(async () => {
  storeA = await newStore(routes, 'hosta');
  storeB = await newStore(routes, 'hostb');
  a = await signedInStaff(routes, storeA, 'store_owner');
  b = await signedInStaff(routes, storeB, 'store_owner');
});

let n = 0;
const fresh = () => `shop${n++}-${Date.now().toString(36)}.brand.test`;

describe('hosts verified by DNS', () => {
  it('serves a host only once its TXT record holds the token, then stops when removed', async () => {
    const host = fresh();
    const added = await add(a.agent, host);
    expect(added.status).toBe(201);
    const { record, status } = added.body.data;
    expect(status).toBe('pending');
    expect(record.name).toBe(`_storefront-verify.${host}`);
    expect(await servedStoreName(host)).toBeNull();

    const early = await verify(a.agent, host);
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe('record_not_found');
    // The owner is told which record is missing, that DNS takes a while, and what to do next.
    expect(early.body.error.message).toContain(record.name);
    expect(early.body.error.message).toContain('up to an hour');
    expect(early.body.error.message).toContain('press Verify again');
    expect(await ask(host)).toBe(404);

    dns.records.set(record.name, ['some other text', record.value]);
    const ok = await verify(a.agent, host);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('verified');
    expect(await servedStoreName(host)).toBe('hosta store');
    expect(await isServedHost(host)).toBe(true);
    expect(await ask(host)).toBe(200);

    expect((await remove(a.agent, host)).status).toBe(204);
    expect(await servedStoreName(host)).toBeNull();
    expect(await ask(host)).toBe(404);
    expect(
      (await list(a.agent)).body.data.hosts.map((h: { host: string }) => h.host),
    ).not.toContain(host);
  });

  it('refuses a host another store has, a brand host, and bad names; IDN becomes punycode', async () => {
    const host = fresh();
    expect((await add(a.agent, host)).status).toBe(201);
    const taken = await add(b.agent, host);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('host_taken');
    expect((await add(b.agent, a.host)).status).toBe(409);
    // The store's own host, made by the operator, is not in its list: the answer says it serves.
    const own = await add(a.agent, a.host);
    expect(own.body.error).toMatchObject({
      code: 'host_exists',
      message: 'This host already serves this store.',
    });
    // An address pasted from the browser's bar is taken as its host; a page's address is not.
    const pasted = await add(a.agent, `https://Pasted-${host}/`);
    expect(pasted.status).toBe(201);
    expect(pasted.body.data.host).toBe(`pasted-${host}`);
    // More than the host is refused, saying what to leave out.
    for (const more of [`https://${host}/some/page`, `${host}/shop`, `${host}:8080`]) {
      const answer = await add(a.agent, more);
      expect(answer.status, more).toBe(400);
      expect(answer.body.error.fields.host, more).toEqual([
        'must be the host name alone, without a path or a port: shop.example.com',
      ]);
    }
    expect((await add(a.agent, `ftp://other-${host}/`)).status).toBe(400);
    expect((await add(a.agent, 'not a host')).body.error.fields.host).toEqual([
      'must be a host name such as shop.example.com',
    ]);
    expect((await add(b.agent, 'nameport.example')).status).toBe(409);
    for (const bad of [
      'bad\u0000.example',
      'a b.example',
      'localhost',
      '10.0.0.1',
      'x.example:80',
      '',
    ]) {
      const answer = await add(b.agent, bad);
      expect(answer.status, bad).toBe(400);
    }
    const idn = await add(b.agent, `bücher-${n++}.example`);
    expect(idn.status).toBe(201);
    expect(idn.body.data.host).toMatch(/^xn--bcher-.*\.example$/);
    // Another store's host: not found for B, nothing changed.
    expect((await verify(b.agent, host)).status).toBe(404);
    expect((await remove(b.agent, host)).status).toBe(404);
    expect((await list(a.agent)).body.data.hosts.map((h: { host: string }) => h.host)).toContain(
      host,
    );
    // A segment Next has decoded to a lone '%' (from %25) names no host: 404, not a 500.
    for (const odd of ['%', 'a%b.com', '%zz', '%E0%A4%A']) {
      expect((await verify(b.agent, odd)).status, odd).toBe(404);
      expect((await remove(b.agent, odd)).status, odd).toBe(404);
    }
  });

  it('lets one of two stores adding the same host at once win', async () => {
    const host = fresh();
    const answers = await Promise.all([add(a.agent, host), add(b.agent, host)]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
  });

  it('refuses an emoji host as the domain search does, and answers an IDN in Unicode (0329)', async () => {
    const tag = `${n++}-${Date.now().toString(36)}`;
    const refused = await add(a.agent, `shöp😀-${tag}.example.com`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(refused.body.error.fields.host).toEqual([
      'must not contain "😀": only letters, digits and hyphens can be part of a host name',
    ]);
    // The punycode the URL parser made of it is refused the same way, and a symbol too.
    const punycode = await add(a.agent, `xn--shp-tna54425d.${tag}.example.com`);
    expect(punycode.body.error.fields.host).toEqual(refused.body.error.fields.host);
    expect((await add(a.agent, `♥-${tag}.example.com`)).body.error.fields.host).toEqual([
      'must not contain "♥": only letters, digits and hyphens can be part of a host name',
    ]);
    const hosts = (await list(a.agent)).body.data.hosts.map((h: { host: string }) => h.host);
    expect(hosts.some((h: string) => h.includes(tag))).toBe(false);

    // Letters of any script are taken, as punycode, with the Unicode the owner typed beside it.
    const idn = await add(a.agent, `shöp-${tag}.example.com`);
    expect(idn.status).toBe(201);
    expect(idn.body.data.host).toMatch(/^xn--shp-.*\.example\.com$/);
    expect(idn.body.data.unicode).toBe(`shöp-${tag}.example.com`);
    const listed = (await list(a.agent)).body.data.hosts.find(
      (h: { host: string }) => h.host === idn.body.data.host,
    );
    expect(listed.unicode).toBe(`shöp-${tag}.example.com`);
    const plain = fresh();
    expect((await add(a.agent, plain)).body.data.unicode).toBe(plain);

    // An emoji host claimed before the rule is still the store's to remove.
    const { appDb } = await import('@/lib/db/app-db');
    const { storeHostClaims } = await import('@/lib/db/schema');
    const old = `xn--shp-tna54425d.${tag}.example.com`;
    await (
      await appDb()
    )
      .insert(storeHostClaims)
      .values({ host: old, storeId: storeA.id, token: 'sfv-old', createdAt: new Date() });
    expect((await remove(a.agent, old)).status).toBe(204);
  });

  it('guards the TLS ask with its secret and answers brand hosts', async () => {
    expect(await ask('nameport.example')).toBe(200);
    expect(await ask('nameport.example', 'wrong-secret-wrong-secret')).toBe(403);
    expect(await ask('random-name.example')).toBe(404);
    expect(await ask('127.0.0.1')).toBe(404);
  });
  // Last: moving the clock 74 hours ends the staff sessions the other tests use.
  it('keeps a host whose record is gone for 72 hours, then stops serving it', async () => {
    const host = fresh();
    const { record } = (await add(a.agent, host)).body.data;
    dns.records.set(record.name, [record.value]);
    expect((await verify(a.agent, host)).status).toBe(200);
    dns.records.delete(record.name);
    await advanceTimeAndRunDueJobs(48 * 3600_000);
    expect(await servedStoreName(host)).toBe('hosta store');
    // Staff sessions do not last 48 hours: the claim is read as the list call would show it.
    const { appDb } = await import('@/lib/db/app-db');
    const { storeHostClaims } = await import('@/lib/db/schema');
    const { eq } = await import('drizzle-orm');
    const [claim] = await (
      await appDb()
    )
      .select()
      .from(storeHostClaims)
      .where(eq(storeHostClaims.host, host));
    expect(claim!.missingSince).not.toBeNull();
    expect(claim!.verifiedAt).not.toBeNull();
    await advanceTimeAndRunDueJobs(26 * 3600_000);
    expect(await servedStoreName(host)).toBeNull();
    expect(await ask(host)).toBe(404);
  });

  // After the 72-hour test: the clock moves another week, so it signs its staff in again.
  it('lets another store claim a host nobody verified within 7 days; a verified host stays', async () => {
    const first = await signedInStaff(routes, storeA, 'store_owner');
    const second = await signedInStaff(routes, storeB, 'store_owner');
    const idle = fresh();
    const added = await add(first.agent, idle);
    expect(added.body.data.claim_expires_at).toBe(
      new Date(Date.parse(added.body.data.created_at) + 7 * 24 * 3600_000).toISOString(),
    );
    const proved = fresh();
    const provedRecord = (await add(first.agent, proved)).body.data.record;
    dns.records.set(provedRecord.name, [provedRecord.value]);
    expect((await verify(first.agent, proved)).body.data.claim_expires_at).toBeNull();
    expect((await add(second.agent, idle)).body.error.code).toBe('host_taken');

    await advanceTimeAndRunDueJobs(7 * 24 * 3600_000 + 60_000);
    const owner = await signedInStaff(routes, storeA, 'store_owner');
    const other = await signedInStaff(routes, storeB, 'store_owner');
    expect((await add(other.agent, proved)).body.error.code).toBe('host_taken');
    const taken = await add(other.agent, idle);
    expect(taken.status).toBe(201);
    expect(taken.body.data.record.value).not.toBe(added.body.data.record.value);

    // The first store's claim is gone, its audit says why, and its old record proves nothing.
    const hosts = (await list(owner.agent)).body.data.hosts.map((h: { host: string }) => h.host);
    expect(hosts).toContain(proved);
    expect(hosts).not.toContain(idle);
    dns.records.set(added.body.data.record.name, [added.body.data.record.value]);
    expect((await verify(owner.agent, idle)).status).toBe(404);
    const audit = await owner.agent.call(routes.audit.GET, '/api/store-admin/audit');
    expect(
      audit.body.data.entries.find((e: { target: string }) => e.target === idle),
    ).toMatchObject({ action: 'host.claim_expired', target: idle });
    expect(await servedStoreName(proved)).toBe('hosta store');
  });
});
