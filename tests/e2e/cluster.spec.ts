import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { linkIn, startMailServer, type MailServer } from '../support/mail-server';
import { rawRequest } from './support';
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

/**
 * Several instances behind nginx (`npm run cluster`), on a PostgreSQL server and a Redis server
 * this spec starts on ports of its own (issue 27, points 1 and 4 to 7). One cluster of three
 * instances serves every test, in order: what a test does to it (an instance killed, Redis
 * stopped, PostgreSQL restarted, an instance stopped) is undone or accounted for by the next.
 */
const BASE = Number(process.env.E2E_PORT ?? 3200) + 40;
const PG_PORT = BASE;
const REDIS_PORT = BASE + 1;
const SMTP_PORT = BASE + 2;
const FRONT_PORT = BASE + 10;
const ADMIN = 'cluster-admin-token-0123456789-abcdef';
const PASSWORD = 'a cluster journey passphrase';
const HOST = 'nameport.localhost';

let pg: OwnPostgres;
let redis: OwnRedis;
let mailbox: MailServer;
let cluster: Cluster;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pg = startOwnPostgres(PG_PORT);
  redis = await startOwnRedis(REDIS_PORT);
  mailbox = await startMailServer(SMTP_PORT);
  cluster = await startCluster({
    instances: 3,
    port: FRONT_PORT,
    env: {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_API_TOKEN: ADMIN,
      METRICS_TOKEN: 'cluster-metrics-token',
      RATE_LIMIT_SCALE: '1',
    },
  });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await cluster?.stop();
  await redis?.stop();
  await mailbox?.close?.();
  pg?.remove();
});

const ports = () => cluster.instances.map((i) => i.port);
let turn = 0;
/** The next instance in turn, so that no two calls in a row reach the same one. */
const next = (live = ports()) => live[turn++ % live.length]!;

const shopper = new Shopper(HOST);
let email = '';

test('a whole journey succeeds with each call sent to the next instance in turn', async () => {
  test.setTimeout(120_000);
  email = `cluster.${Date.now().toString(36)}@example.com`;
  const ok = (r: { status: number; body: string }, what: string, status = 200) =>
    expect(r.status, `${what}: ${r.body.slice(0, 300)}`).toBe(status);

  ok(await shopper.call(next(), 'GET', '/api/token'), 'token');
  ok(
    await shopper.call(next(), 'POST', '/svc/account', {
      name: 'Cleo Cluster',
      email,
      password: PASSWORD,
    }),
    'register',
    202,
  );
  const mail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const token = linkIn(mail, '/activate').searchParams.get('token');
  ok(await shopper.call(next(), 'PUT', '/api/account/activate', { token }), 'activate');
  ok(
    await shopper.call(next(), 'POST', '/api/login', {
      email,
      password: PASSWORD,
      remember_me: false,
    }),
    'sign in',
  );
  const customer = await shopper.call(next(), 'GET', '/api/customer');
  ok(customer, 'customer');
  expect(JSON.stringify(customer.json)).toContain(email);

  const domain = `cluster${randomBytes(4).toString('hex')}.com`;
  ok(
    await shopper.call(next(), 'POST', '/api/cart', {
      type: 'domain_registration',
      domain,
      years: 1,
    }),
    'add to cart',
  );
  const cart = await shopper.call(next(), 'GET', '/api/cart');
  expect(cart.body).toContain(domain);
  ok(
    await shopper.call(next(), 'PUT', '/api/account/billing', {
      name: 'Cleo Cluster',
      line1: '1 Canal Street',
      city: 'Manchester',
      postcode: 'M1 3HE',
      country: 'GB',
    }),
    'billing',
  );
  const checkout = await shopper.call(next(), 'GET', '/api/checkout');
  ok(checkout, 'checkout');
  const placed = await shopper.call(
    next(),
    'POST',
    '/api/orders',
    { cart_version: checkout.json.data.cart.version, accept_terms: true },
    { 'idempotency-key': `cluster-journey-${randomBytes(6).toString('hex')}` },
  );
  expect(placed.status, placed.body).toBeLessThan(300);
  ok(
    await shopper.call(next(), 'POST', `/api/payments/${placed.json.data.payment.id}/demo`, {
      outcome: 'succeed',
    }),
    'pay',
  );
  const orders = await shopper.call(next(), 'GET', '/api/orders');
  ok(orders, 'orders');
  expect(orders.body).toContain(placed.json.data.order.id);
  const order = await shopper.call(next(), 'GET', `/api/orders/${placed.json.data.order.id}`);
  expect(order.body).toContain(domain);

  // The domain is delivered by a job, which one of the instances runs.
  let service: { id: string; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await shopper.call(next(), 'GET', '/api/services');
        service = list.json?.data?.services?.find((s: { name: string }) => s.name === domain);
        return service?.name;
      },
      { timeout: 30_000 },
    )
    .toBe(domain);
  const changed = await shopper.call(next(), 'PATCH', `/api/services/${service!.id}`, {
    nameservers: ['ns1.cluster-example.net', 'ns2.cluster-example.net'],
  });
  ok(changed, 'name servers');
  const seen = await shopper.call(next(), 'GET', `/api/services/${service!.id}`);
  expect(seen.body).toContain('ns2.cluster-example.net');
});

test('the front caches anonymous pages, compressed, never signed-in ones, and leaves malformed requests at nginx', async () => {
  test.setTimeout(60_000);
  const page = () => send(FRONT_PORT, { host: 'bytes.localhost', path: '/' });
  await page();
  const second = await page();
  expect(second.status).toBe(200);
  expect(String(second.headers['cache-status'])).toMatch(/front; (HIT|STALE|UPDATING)/);
  // The freshness the compressor gives the front stays between the two.
  expect(second.headers['x-accel-expires']).toBeUndefined();
  // Brotli from nginx's module, gzip for a client that only takes gzip.
  const br = await send(FRONT_PORT, {
    host: 'bytes.localhost',
    path: '/',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(br.headers['content-encoding']).toBe('br');
  // A signed-in visitor's page is neither served from nor stored in the cache.
  const signedIn = await shopper.call(FRONT_PORT, 'GET', '/');
  expect(String(signedIn.headers['cache-status'])).toMatch(/front; BYPASS/);
  // nginx answers a conditional request from its cache, and ends a malformed one itself.
  const tag = String(br.headers.etag);
  expect(tag).toMatch(/^(W\/)?"/);
  const conditional = await send(FRONT_PORT, {
    host: 'bytes.localhost',
    path: '/',
    headers: { 'accept-encoding': 'br, gzip', 'if-none-match': tag },
  });
  expect(conditional.status).toBe(304);
  const malformed = await rawRequest(
    'GET / HTTP/1.1\r\nHost: bytes.localhost\r\nNo colon here\r\n\r\n',
    FRONT_PORT,
  );
  expect(malformed.status).toBe(400);
  expect(malformed.headers).toMatch(/^server: nginx/im);
  // The instances' figures are not served through the front.
  expect((await send(FRONT_PORT, { path: '/metrics' })).status).toBe(404);
});

/** GETs through the front until `stop()`: pages of two stores and the shopper's cart. */
function loadThroughFront(concurrency: number) {
  const failures: string[] = [];
  let count = 0;
  let running = true;
  const paths: [string, string, boolean][] = [
    ['acme.localhost', '/', false],
    ['bytes.localhost', '/', false],
    [HOST, '/api/cart', true],
    [HOST, '/cart', false],
  ];
  const worker = async (w: number) => {
    for (let i = w; running; i++) {
      const [host, p, signed] = paths[i % paths.length]!;
      try {
        const r = signed
          ? await shopper.call(FRONT_PORT, 'GET', p)
          : await send(FRONT_PORT, { host, path: p });
        count++;
        if (r.status !== 200) failures.push(`GET ${host}${p}: ${r.status} ${r.body.slice(0, 120)}`);
      } catch (error) {
        failures.push(`GET ${host}${p}: ${(error as Error).message}`);
      }
    }
  };
  const workers = Array.from({ length: concurrency }, (_, w) => worker(w));
  return {
    failures,
    count: () => count,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

test('an instance killed during load: no GET fails, nothing is lost, the unsafe call in flight succeeds when retried with its key', async () => {
  test.setTimeout(120_000);
  const domain = `killed${randomBytes(4).toString('hex')}.com`;
  await shopper.call(FRONT_PORT, 'POST', '/api/cart', {
    type: 'domain_registration',
    domain,
    years: 1,
  });
  const checkout = await shopper.call(FRONT_PORT, 'GET', '/api/checkout');
  expect(checkout.status).toBe(200);

  const ordersBefore = (await shopper.call(FRONT_PORT, 'GET', '/api/orders')).json.data.orders
    .length;
  const load = loadThroughFront(6);
  await new Promise((r) => setTimeout(r, 5_000));
  const [victim] = cluster.instances;
  // The order is placed on the instance that dies: its answer never comes.
  const key = `cluster-kill-${randomBytes(6).toString('hex')}`;
  const body = { cart_version: checkout.json.data.cart.version, accept_terms: true };
  const inFlight = shopper.call(victim!.port, 'POST', '/api/orders', body, {
    'idempotency-key': key,
  });
  await new Promise((r) => setTimeout(r, 20));
  process.kill(victim!.pid, 'SIGKILL');
  const lost = await inFlight.then(
    (r) => `answered ${r.status}`,
    (error: Error) => `failed: ${error.message}`,
  );
  await new Promise((r) => setTimeout(r, 25_000));
  await load.stop();
  expect(load.failures, `${load.failures.length} of ${load.count()} GETs failed`).toEqual([]);
  expect(load.count()).toBeGreaterThan(50);

  // Retried through the front with the same key: one order, whatever the first attempt did.
  const retried = await shopper.call(FRONT_PORT, 'POST', '/api/orders', body, {
    'idempotency-key': key,
  });
  expect(retried.status, `${lost}; retry: ${retried.body}`).toBeLessThan(300);
  const again = await shopper.call(FRONT_PORT, 'POST', '/api/orders', body, {
    'idempotency-key': key,
  });
  expect(again.json.data.order.id).toBe(retried.json.data.order.id);
  const orders = await shopper.call(FRONT_PORT, 'GET', '/api/orders');
  expect(orders.json.data.orders.length).toBe(ordersBefore + 1);
  const order = await shopper.call(FRONT_PORT, 'GET', `/api/orders/${retried.json.data.order.id}`);
  expect(order.body).toContain(domain);
  cluster.instances = cluster.instances.slice(1);
});

test('Redis stops: pages, carts and sign-in go on, readiness says so, and a store change made meanwhile reaches the others', async () => {
  test.setTimeout(120_000);
  const [a, b] = ports();
  await redis.stop();
  const ready = await send(a!, { path: '/api/ready' });
  expect(ready.status).toBe(503);
  expect(JSON.parse(ready.body).error.missing).toEqual(['redis']);

  expect((await send(a!, { host: 'acme.localhost', path: '/' })).status).toBe(200);
  expect((await shopper.call(b!, 'GET', '/api/cart')).status).toBe(200);
  const other = new Shopper(HOST);
  await other.call(a!, 'GET', '/api/token');
  const signIn = await other.call(b!, 'POST', '/api/login', {
    email,
    password: PASSWORD,
    remember_me: false,
  });
  expect(signIn.status, signIn.body).toBe(200);
  expect((await other.call(a!, 'GET', '/api/customer')).body).toContain(email);
  // Rate limits count in the database meanwhile: wrong passwords still end in 429.
  const wrong = new Shopper(HOST);
  await wrong.call(a!, 'GET', '/api/token');
  let limited = false;
  for (let i = 0; i < 30 && !limited; i++) {
    const r = await wrong.call(i % 2 ? a! : b!, 'POST', '/api/login', {
      email: 'nobody.cluster@example.com',
      password: 'not the password at all',
      remember_me: false,
    });
    limited = r.status === 429;
  }
  expect(limited).toBe(true);

  // b renders the store's page, then a changes the store while Redis is away.
  const banner = async (port: number) =>
    (await send(port, { host: 'bytes.localhost', path: '/' })).body;
  await banner(b!);
  const text = `Offline change ${randomBytes(3).toString('hex')}`;
  const change = await send(a!, {
    host: 'bytes.localhost',
    method: 'PATCH',
    path: '/api/admin/stores/bytes.localhost',
    headers: { authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify({ variables: { bannerText: text } }),
  });
  expect(change.status, change.body).toBe(200);

  await redis.start();
  await expect
    .poll(async () => (await send(a!, { path: '/api/ready' })).status, { timeout: 15_000 })
    .toBe(200);
  await expect.poll(async () => (await banner(b!)).includes(text), { timeout: 15_000 }).toBe(true);
});

test('PostgreSQL restarts during cart reads: 503 with Retry-After within 5 s, recovery within 30 s without a restart', async () => {
  test.setTimeout(120_000);
  // Cart reads through the front all along: each answers 200 or 503 with Retry-After, in time.
  const wrong: string[] = [];
  let calls = 0;
  let running = true;
  const reader = async () => {
    while (running) {
      const started = Date.now();
      const r = await shopper.call(FRONT_PORT, 'GET', '/api/cart').catch((e: Error) => ({
        status: 0,
        headers: {} as Record<string, string>,
        body: e.message,
      }));
      calls++;
      const ms = Date.now() - started;
      const fine = r.status === 200 || (r.status === 503 && r.headers['retry-after'] !== undefined);
      if (!fine || ms >= 5_000) wrong.push(`${r.status} after ${ms} ms: ${r.body.slice(0, 100)}`);
      await new Promise((res) => setTimeout(res, 50));
    }
  };
  const readers = [reader(), reader(), reader()];
  await new Promise((r) => setTimeout(r, 1_000));
  pg.stop();
  const stoppedAt = Date.now();
  for (const port of ports()) {
    const started = Date.now();
    const r = await shopper.call(port, 'GET', '/api/cart');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.status, r.body).toBe(503);
    expect(r.headers['retry-after']).toBeDefined();
    const ready = await send(port, { path: '/api/ready' });
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).error.missing).toContain('database');
  }
  expect(Date.now() - stoppedAt).toBeLessThan(15_000);
  pg.start();
  const back = Date.now();
  for (const port of ports()) {
    await expect
      .poll(async () => (await shopper.call(port, 'GET', '/api/cart')).status, { timeout: 30_000 })
      .toBe(200);
    expect((await send(port, { path: '/api/ready' })).status).toBe(200);
  }
  expect(Date.now() - back).toBeLessThan(30_000);
  running = false;
  await Promise.all(readers);
  expect(wrong, `${wrong.length} of ${calls} cart reads`).toEqual([]);
});

// Last but one: a page is fresh in the front until the end of the second it was answered in, so
// the change shows within one second and one render (docs/decisions/0261); on a loaded machine a
// render can take longer, and a failure here must not keep the other tests from running.
test('a store change made through one instance shows through the front within 2 s', async () => {
  test.setTimeout(60_000);
  const page = () => send(FRONT_PORT, { host: 'bytes.localhost', path: '/' });
  await page();
  await page();
  const text = `Cluster sale ${randomBytes(3).toString('hex')}`;
  const change = await send(next(), {
    host: 'bytes.localhost',
    method: 'PATCH',
    path: '/api/admin/stores/bytes.localhost',
    headers: { authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify({ variables: { bannerText: text } }),
  });
  expect(change.status, change.body).toBe(200);
  const changedAt = Date.now();
  await expect
    .poll(async () => (await page()).body.includes(text), { timeout: 2_000, intervals: [100] })
    .toBe(true);
  expect(Date.now() - changedAt).toBeLessThan(2_000);
});

test('SIGTERM: the instance fails readiness, finishes what it serves, exits within 10 s, and no request fails', async () => {
  test.setTimeout(90_000);
  const load = loadThroughFront(6);
  await new Promise((r) => setTimeout(r, 3_000));
  const [leaving] = cluster.instances;
  const alive = () => {
    try {
      process.kill(leaving!.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signalled = Date.now();
  process.kill(leaving!.pid, 'SIGTERM');
  // Not ready any more within a second: a 503 `stopping`, or no new connection taken at all.
  await expect
    .poll(
      () =>
        send(leaving!.port, { path: '/api/ready' }).then(
          (r) => (r.status === 503 ? 'not ready' : `answered ${r.status}`),
          () => 'not ready',
        ),
      { timeout: 1_000, intervals: [50] },
    )
    .toBe('not ready');
  await expect.poll(alive, { timeout: 10_000, intervals: [100] }).toBe(false);
  expect(Date.now() - signalled).toBeLessThan(10_000);
  await new Promise((r) => setTimeout(r, 5_000));
  await load.stop();
  expect(load.failures, `${load.failures.length} of ${load.count()} GETs failed`).toEqual([]);
  expect(load.count()).toBeGreaterThan(30);
});
