import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';
import {
  send,
  Shopper,
  startCluster,
  startOwnPostgres,
  startOwnRedis,
  type Cluster,
  type OwnPostgres,
  type OwnRedis,
} from './cluster-support';
import {
  handshake,
  httpsCall,
  httpsGet,
  randomName,
  startPebble,
  type Pebble,
} from './tls-support';

/**
 * A reseller's own host over HTTPS with a certificate nobody asked for (issue 29):
 * `npm run cluster -- --tls` (Caddy with on-demand TLS in front of nginx and two instances) on a
 * PostgreSQL and a Redis of its own, Pebble as the ACME CA and the tests' DNS server that the
 * store's host is verified against, all on loopback ports of this spec's own.
 */
const BASE = Number(process.env.E2E_PORT ?? 3200) + 60;
const PG_PORT = BASE;
const REDIS_PORT = BASE + 1;
const DNS_PORT = BASE + 2;
const ACME_PORT = BASE + 3;
const ACME_MANAGEMENT_PORT = BASE + 4;
const FRONT_PORT = BASE + 10;
const TLS_PORT = BASE + 15;
const TLS_HTTP_PORT = BASE + 16;
const CERTIFICATE_SECONDS = 45;
const ADMIN = 'tls-spec-admin-token-0123456789-abcdef';
const ASK_SECRET = 'tls-spec-ask-secret-0123456789';

let pg: OwnPostgres;
let redis: OwnRedis;
let dns: TestDnsServer;
let pebble: Pebble;
let cluster: Cluster;
let owner: Shopper;
const tag = randomBytes(3).toString('hex');
const storeName = `Brightleaf ${tag}`;
const storeHost = `tls-${tag}.example.test`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pg = startOwnPostgres(PG_PORT);
  redis = await startOwnRedis(REDIS_PORT);
  dns = await startDnsServer(DNS_PORT);
  pebble = await startPebble({
    acme: ACME_PORT,
    management: ACME_MANAGEMENT_PORT,
    http: TLS_HTTP_PORT,
    tls: TLS_PORT,
    // Caddy renews in the last third of a certificate's life: the last test waits for that.
    certificateSeconds: CERTIFICATE_SECONDS,
  });
  cluster = await startCluster({
    instances: 2,
    port: FRONT_PORT,
    args: ['--tls', String(TLS_PORT), '--tls-http', String(TLS_HTTP_PORT)],
    env: {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      ADMIN_API_TOKEN: ADMIN,
      RATE_LIMIT_SCALE: '1',
      DNS_RESOLVERS: dns.address,
      TLS_ASK_SECRET: ASK_SECRET,
      ACME_CA_URL: pebble.directory,
      ACME_CA_ROOT: pebble.listenerCaFile,
      ACME_EMAIL: 'ops@example.test',
      // The last test moves the product's time past a host's grace (POST /api/admin/clock).
      TEST_CLOCK: 'true',
      CADDY_RENEW_INTERVAL: '2s',
    },
  });
  expect(cluster.line.tls).toBe(`https://127.0.0.1:${TLS_PORT}`);

  // A reseller's store, made by the operator, and its owner, signed in with a second factor.
  const made = await send(FRONT_PORT, {
    host: 'nameport.example',
    method: 'POST',
    path: '/api/admin/stores',
    headers: { authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify({ host: storeHost, store_name: storeName }),
  });
  expect(made.status, made.body).toBe(201);
  const storeId = JSON.parse(made.body).data.id as string;
  const staff = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'tests/e2e/tls-staff.ts', storeId],
    { encoding: 'utf8', env: { ...process.env, DATABASE_URL: pg.url, LOG_LEVEL: 'warn' } },
  );
  expect(staff.status, staff.stderr).toBe(0);
  const person = JSON.parse(staff.stdout.trim().split('\n').pop()!) as {
    email: string;
    password: string;
    secret: string;
  };
  owner = new Shopper(storeHost);
  expect((await owner.call(FRONT_PORT, 'GET', '/api/token')).status).toBe(200);
  const login = await owner.call(FRONT_PORT, 'POST', '/api/login', {
    email: person.email,
    password: person.password,
    remember_me: false,
  });
  expect(login.status, login.body).toBe(200);
  const code = new TOTP({ secret: Secret.fromBase32(person.secret), digits: 6, period: 30 });
  const step = await owner.call(FRONT_PORT, 'POST', '/svc/account/login/challenge', {
    challenge: login.json.data.challenge,
    code: code.generate(),
  });
  expect(step.status, step.body).toBe(200);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await cluster?.stop();
  await pebble?.stop();
  await dns?.close();
  await redis?.stop();
  pg?.remove();
});

/** The owner adds a host on the store's admin; with `verify`, its TXT record and the check. */
async function addHost(host: string, verify: boolean) {
  const added = await owner.call(FRONT_PORT, 'POST', '/api/store-admin/hosts', { host });
  expect(added.status, added.body).toBe(201);
  if (!verify) return;
  const { record } = added.json.data as { record: { name: string; value: string } };
  dns.records.set(record.name, [record.value]);
  const checked = await owner.call(FRONT_PORT, 'POST', `/api/store-admin/hosts/${host}/verify`);
  expect(checked.status, checked.body).toBe(200);
  expect(checked.json.data.status).toBe('verified');
}

const removeHost = async (host: string) =>
  expect((await owner.call(FRONT_PORT, 'DELETE', `/api/store-admin/hosts/${host}`)).status).toBe(
    204,
  );

const ask = async (domain: string) =>
  (
    await send(FRONT_PORT, {
      host: '127.0.0.1',
      path: `/api/tls/ask?domain=${encodeURIComponent(domain)}&secret=${ASK_SECRET}`,
    })
  ).status;

/**
 * The asks Caddy sent through the front, from nginx's access log (written every second): the
 * front's lines (the client 127.0.0.1), not the compressor's behind it.
 */
const asksOf = (match: (line: string) => boolean) =>
  readFileSync(
    path.join(String((cluster.line.nginx as { prefix: string }).prefix), 'access.log'),
    'utf8',
  )
    .split('\n')
    .filter((l) => l.startsWith('127.0.0.1 ') && l.includes('"GET /api/tls/ask?') && match(l));

const verifiedHost = `shop-${tag}.brightleaf.test`;

test('a verified store host gets a certificate from Pebble on its first visit, and keeps it', async () => {
  test.setTimeout(120_000);
  await addHost(verifiedHost, true);
  const ordersBefore = pebble.orders();

  const first = await httpsGet(TLS_PORT, verifiedHost, '/', pebble.root);
  expect(first.status).toBe(200);
  expect(first.body).toContain(storeName);
  expect(first.certificate.subjectaltname).toBe(`DNS:${verifiedHost}`);
  expect(String(first.certificate.issuer.CN)).toMatch(/^Pebble Intermediate CA /);
  expect(pebble.orders()).toBe(ordersBefore + 1);

  // The second visit, on a new connection, gets the same certificate: no new order.
  const second = await httpsGet(TLS_PORT, verifiedHost, '/', pebble.root);
  expect(second.status).toBe(200);
  expect(second.certificate.fingerprint256).toBe(first.certificate.fingerprint256);
  expect(pebble.orders()).toBe(ordersBefore + 1);

  // HSTS on the store's host over HTTPS, without preload; its cookies are Secure.
  expect(first.headers['strict-transport-security']).toBe('max-age=31536000');
  const token = await httpsGet(TLS_PORT, verifiedHost, '/api/token', pebble.root);
  expect(token.status).toBe(200);
  expect(token.headers['strict-transport-security']).toBe('max-age=31536000');
  const cookies = [token.headers['set-cookie'] ?? []].flat();
  expect(cookies.map((c) => c.split('=')[0])).toEqual(['__Host-sid', 'XSRF-TOKEN']);
  for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure(;|$)/i);

  // Plain HTTP goes to HTTPS, ACME's challenge path excepted.
  const plain = await send(TLS_HTTP_PORT, { host: verifiedHost, path: '/cart?x=1' });
  expect(plain.status).toBe(308);
  expect(plain.headers.location).toBe(`https://${verifiedHost}:${TLS_PORT}/cart?x=1`);
  const challenge = await send(TLS_HTTP_PORT, {
    host: verifiedHost,
    path: '/.well-known/acme-challenge/unknown-token',
  });
  expect(challenge.status).toBe(404);
});

test('the CSRF check holds behind the TLS front: same origin passes, another site is refused', async () => {
  const cookieOf = (answer: { headers: Record<string, string | string[] | undefined> }) =>
    [answer.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  const token = await httpsGet(TLS_PORT, verifiedHost, '/api/token', pebble.root);
  const cookie = cookieOf(token);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!);
  const login = (origin: string) =>
    httpsCall(TLS_PORT, verifiedHost, pebble.root, {
      method: 'POST',
      path: '/api/login',
      json: { email: 'nobody@example.com', password: 'not the password', remember_me: false },
      headers: { cookie, 'x-xsrf-token': xsrf, origin },
    });
  const same = await login(`https://${verifiedHost}:${TLS_PORT}`);
  expect(same.status, same.body).toBe(401);
  const other = await login('https://elsewhere.example');
  expect(other.status).toBe(403);
  expect(JSON.parse(other.body).error.code).toBe('csrf_mismatch');
});

test('a host the reseller removes stops being served, and the ask refuses its renewal', async () => {
  test.setTimeout(60_000);
  expect(await ask(verifiedHost)).toBe(200);
  await removeHost(verifiedHost);
  expect(await ask(verifiedHost)).toBe(404);
  // The front caches a page for a second and may send the stale copy once while it refreshes.
  await expect
    .poll(
      async () => {
        const answer = await httpsGet(TLS_PORT, verifiedHost, '/', pebble.root);
        return answer.body.includes(storeName) ? 'the store' : answer.status;
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toBe(404);
  // The store's own host is not touched.
  const home = await send(FRONT_PORT, { host: storeHost, path: '/' });
  expect(home.body).toContain(storeName);
});

test('an unverified host, a removed host, an IP literal and random names get no certificate and no order', async () => {
  test.setTimeout(150_000);
  const unverified = `pending-${tag}.brightleaf.test`;
  await addHost(unverified, false);
  const removed = `gone-${tag}.brightleaf.test`;
  await addHost(removed, true);
  await removeHost(removed);
  const ordersBefore = pebble.orders();

  for (const name of [unverified, removed, randomName('nobody'), null]) {
    const result = await handshake(TLS_PORT, name, pebble.root);
    expect(result.ok, String(name)).toBe(false);
  }
  expect(pebble.orders()).toBe(ordersBefore);

  // 1,000 handshakes for random names within a minute: none succeeds, none reaches the CA.
  const started = Date.now();
  let next = 0;
  let succeeded = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < 1_000) {
        next++;
        const result = await handshake(TLS_PORT, randomName('flood'), pebble.root);
        if (result.ok) succeeded++;
        else failed++;
      }
    }),
  );
  const elapsed = Date.now() - started;
  expect(succeeded).toBe(0);
  expect(failed).toBe(1_000);
  expect(elapsed).toBeLessThan(60_000);
  expect(pebble.orders()).toBe(ordersBefore);
  // Each was refused by the product's ask (nginx's access log, written every second).
  const asks = () => asksOf((l) => l.includes('.flood.test&'));
  await expect.poll(() => asks().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1_000);
  expect(asks().filter((l) => !/" 404 /.test(l))).toEqual([]);
});

test('a host whose DNS record is gone past its grace stops being served, and gets no renewal', async () => {
  test.setTimeout(120_000);
  const host = `lapsing-${tag}.brightleaf.test`;
  await addHost(host, true);
  const before = await httpsGet(TLS_PORT, host, '/', pebble.root);
  expect(before.status).toBe(200);
  expect(before.body).toContain(storeName);
  expect(before.certificate.subjectaltname).toBe(`DNS:${host}`);

  // The TXT record goes; the hourly check notices it, and after 72 hours the host lapses.
  dns.records.delete(`_storefront-verify.${host}`);
  const moved = await send(FRONT_PORT, {
    host: 'nameport.example',
    method: 'POST',
    path: '/api/admin/clock',
    headers: { authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify({ advance_days: 4 }),
    timeoutMs: 90_000,
  });
  expect(moved.status, moved.body).toBe(200);
  expect(await ask(host)).toBe(404);
  // The front may send its cached copy for a second more. (On a slow machine the 45-second
  // certificate may be gone by now: then the handshake fails, which serves nothing either.)
  await expect
    .poll(
      async () => {
        const answer = await httpsGet(TLS_PORT, host, '/', pebble.root).catch(() => null);
        return answer === null || answer.status === 404 ? 'not served' : answer.status;
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toBe('not served');

  // In its renewal window (the last third of Pebble's 45 s) each handshake makes Caddy ask the
  // product before renewing; refused, it sends the certificate it has until that expires, then
  // none at all (the handshake fails even for a client that checks nothing). The CA gets no order.
  const orders = pebble.orders();
  const expires = new Date(before.certificate.valid_to).getTime();
  let failure = '';
  await expect
    .poll(
      async () => {
        const result = await handshake(TLS_PORT, host, null);
        failure = result.ok ? '' : result.error;
        return result.ok;
      },
      { timeout: Math.max(0, expires - Date.now()) + 15_000, intervals: [1_000] },
    )
    .toBe(false);
  expect(failure).toMatch(/alert/);
  expect(pebble.orders()).toBe(orders);
  // The renewals Caddy considered were each asked of the product and refused (nginx's log).
  const asked = () => asksOf((l) => l.includes(`domain=${host}&`));
  await expect.poll(() => asked().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
  expect(asked().filter((l) => !/" 404 /.test(l))).toHaveLength(1);
});
