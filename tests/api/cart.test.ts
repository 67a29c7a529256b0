import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartRoutes, shopper } from '../support/cart-routes';

const routes = await cartRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
/** A domain nobody has, new for each test. */
const fresh = (tld = 'com') => `cart-test-${process.pid}-${Date.now().toString(36)}-${n++}.${tld}`;

/** UK numbers from the seeded inventory, a different one per call. */
let numberIndex = 0;
async function freeUkNumber(): Promise<string> {
  const { GET } = await import('@/app/api/voice/numbers/route');
  const { apiRequest } = await import('../support/requests');
  const response = await GET(
    apiRequest('/api/voice/numbers?limit=100', { headers: { 'accept-language': 'en-GB' } }),
    undefined as never,
  );
  const { data } = await response.json();
  return data.numbers[numberIndex++ % data.numbers.length].number;
}

describe('POST /api/cart', () => {
  it('adds a registration priced from the catalog with net, VAT and gross, and answers the whole cart', async () => {
    const s = await shopper(routes);
    const domain = fresh();
    const { status, body } = await s.add({ type: 'domain_registration', domain, years: 1 });
    expect(status).toBe(200);
    expect(body.data.currency).toBe('GBP');
    expect(body.data.items).toHaveLength(1);
    expect(body.data.items[0]).toMatchObject({
      type: 'domain_registration',
      domain,
      years: 1,
      price: { net: 1049, vat: 210, gross: 1259 },
      recurring: { net: 1299, vat: 260, gross: 1559, period: 'year' },
    });
    expect(body.data.totals).toEqual({
      due_today: { net: 1049, vat: 210, gross: 1259 },
      recurring: {
        monthly: { net: 0, vat: 0, gross: 0 },
        yearly: { net: 1299, vat: 260, gross: 1559 },
      },
    });
  });

  it('ignores any price the client sends: the payload has no price field', async () => {
    const s = await shopper(routes);
    const { status, body } = await s.add({
      type: 'domain_registration',
      domain: fresh(),
      years: 1,
      price: { net: 1 },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect((await s.get()).body.data.items).toEqual([]);
  });

  it('prices a premium name at its own first year, then renewals at the TLD price', async () => {
    const s = await shopper(routes);
    const { body } = await s.add({ type: 'domain_registration', domain: 'premium.com', years: 2 });
    expect(body.data.items[0].price).toEqual({
      net: 199_900 + 1299,
      vat: 40_240,
      gross: 199_900 + 1299 + 40_240,
    });
    await s.clear();
  });

  it('does not make a second line for a domain already in the cart', async () => {
    const s = await shopper(routes);
    const domain = fresh();
    await s.add({ type: 'domain_registration', domain, years: 1 });
    const again = await s.add({ type: 'domain_registration', domain, years: 2 });
    expect(again.status).toBe(200);
    expect(again.body.data.items).toHaveLength(1);
    expect(again.body.data.items[0].years).toBe(1);
  });

  it.each([
    ['an unknown item type', { type: 'hosting', domain: 'a.com' }, 400, 'validation_failed'],
    [
      '0 years',
      { type: 'domain_registration', domain: 'zz-a.com', years: 0 },
      400,
      'validation_failed',
    ],
    [
      '11 years',
      { type: 'domain_registration', domain: 'zz-b.com', years: 11 },
      400,
      'validation_failed',
    ],
    ['a taken domain', { type: 'domain_registration', domain: 'example.com' }, 422, 'domain_taken'],
    [
      'a TLD the store does not sell',
      { type: 'domain_registration', domain: 'zz-c.net' },
      422,
      'tld_not_sold',
    ],
    [
      'an invalid domain',
      { type: 'domain_registration', domain: '-bad-.com' },
      400,
      'validation_failed',
    ],
    [
      'a transfer of a free domain',
      { type: 'domain_transfer', domain: 'zz-free.com', auth_code: 'abc12345' },
      422,
      'domain_not_registered',
    ],
    [
      'a number not in the inventory',
      { type: 'number', number: '+442000000000' },
      404,
      'number_not_found',
    ],
    ['a US number in GBP', { type: 'number', number: '+12125550103' }, 404, 'number_not_found'],
    ['an unknown plan', { type: 'plan', plan: 'gold', users: 1 }, 404, 'plan_not_found'],
    ['0 users', { type: 'plan', plan: 'starter', users: 0 }, 400, 'validation_failed'],
  ])(
    'refuses %s with a 4xx in the documented format, the cart unchanged',
    async (_, json, status, code) => {
      const s = await shopper(routes);
      const first = await s.add({ type: 'domain_registration', domain: fresh(), years: 1 });
      const answer = await s.add(json);
      expect(answer.status).toBe(status);
      expect(answer.body.error).toMatchObject({ code, message: expect.any(String) });
      const after = await s.get();
      expect(after.body.data.items).toEqual(first.body.data.items);
      expect(after.body.data.version).toBe(first.body.data.version);
    },
  );

  it('refuses an emoji domain with the reason, and a registry-held name as taken', async () => {
    const s = await shopper(routes);
    const emoji = await s.add({ type: 'domain_registration', domain: '😀.com', years: 1 });
    expect(emoji.status).toBe(400);
    expect(emoji.body.error.fields.domain).toEqual([
      '"😀" cannot be part of a domain name: only letters, digits and hyphens can.',
    ]);
    const google = await s.add({ type: 'domain_registration', domain: 'google.com', years: 1 });
    expect(google.status).toBe(422);
    expect(google.body.error.code).toBe('domain_taken');
    expect((await s.get()).body.data.items).toEqual([]);
  });

  it('needs the CSRF token', async () => {
    const s = await shopper(routes);
    const answer = await s.agent.call(routes.cart.POST, '/api/cart', {
      method: 'POST',
      json: { type: 'plan', plan: 'starter', users: 1 },
      csrf: false,
    });
    expect(answer.status).toBe(403);
  });

  it('adds a transfer of a registered domain, priced at the transfer price, auth code never echoed', async () => {
    const s = await shopper(routes);
    const { status, body } = await s.add({
      type: 'domain_transfer',
      domain: 'taken.org',
      auth_code: 'Secret-Code-42',
    });
    expect(status).toBe(200);
    expect(body.data.items[0]).toMatchObject({
      type: 'domain_transfer',
      domain: 'taken.org',
      price: { net: 1149, vat: 230, gross: 1379 },
    });
    expect(JSON.stringify(body)).not.toContain('Secret-Code-42');
  });
});

describe('numbers and plans', () => {
  it('holds a number for 15 minutes for its cart; nobody else can add it until it is removed', async () => {
    const number = await freeUkNumber();
    const a = await shopper(routes);
    const b = await shopper(routes);
    const added = await a.add({ type: 'number', number });
    expect(added.status).toBe(200);
    const line = added.body.data.items[0];
    expect(line).toMatchObject({ type: 'number', number, price: { net: expect.any(Number) } });
    const left = Date.parse(line.held_until) - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    expect(line.hold_seconds_left).toBeGreaterThan(14 * 60);
    expect(line.hold_seconds_left).toBeLessThanOrEqual(15 * 60);
    expect(added.body.data.totals.recurring.monthly.net).toBe(line.price.net);

    const refused = await b.add({ type: 'number', number });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('number_held');
    expect((await b.get()).body.data.items).toEqual([]);

    const again = await a.add({ type: 'number', number });
    expect(again.body.data.items).toHaveLength(1);

    await a.remove(line.id);
    expect((await b.add({ type: 'number', number })).status).toBe(200);
  });

  it('releases a hold after 15 minutes: the line is flagged, left out of totals, and free for others', async () => {
    const number = await freeUkNumber();
    const a = await shopper(routes);
    const b = await shopper(routes);
    await a.add({ type: 'number', number });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1000 });
    const seen = await a.get();
    expect(seen.body.data.items[0]).toMatchObject({ number, unavailable: 'hold_expired' });
    expect(seen.body.data.totals.due_today.net).toBe(0);
    expect((await b.add({ type: 'number', number })).status).toBe(200);
  });

  it('holds a number again, on the same line, when it is added again after its hold ended', async () => {
    const number = await freeUkNumber();
    const a = await shopper(routes);
    const first = (await a.add({ type: 'number', number })).body.data.items[0];
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1000 });
    expect((await a.get()).body.data.items[0]).toMatchObject({ unavailable: 'hold_expired' });
    const again = await a.add({ type: 'number', number });
    expect(again.status).toBe(200);
    expect(again.body.data.items).toHaveLength(1);
    const line = again.body.data.items[0];
    expect(line.id).toBe(first.id);
    expect(line.unavailable).toBeUndefined();
    expect(line.hold_seconds_left).toBeGreaterThan(14 * 60);
    expect(line.price).toEqual(first.price);
    expect(again.body.data.totals.due_today).toEqual(first.price);
  });

  it('prices a plan per user per month and changes users with PUT', async () => {
    const s = await shopper(routes);
    const added = await s.add({ type: 'plan', plan: 'business', users: 3 });
    const line = added.body.data.items[0];
    expect(line.price).toEqual({ net: 4200, vat: 840, gross: 5040 });
    const changed = await s.put(line.id, { users: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body.data.items[0]).toMatchObject({
      users: 5,
      price: { net: 7000, vat: 1400, gross: 8400 },
    });
    expect(changed.body.data.totals.recurring.monthly).toEqual({
      net: 7000,
      vat: 1400,
      gross: 8400,
    });
  });
});

describe('PUT, DELETE and clear', () => {
  it('changes years: the first year at the registration price, the rest at renewal', async () => {
    const s = await shopper(routes);
    const added = await s.add({ type: 'domain_registration', domain: fresh(), years: 1 });
    const id = added.body.data.items[0].id;
    const changed = await s.put(id, { years: 3 });
    // Each year as the search shows it (£12.59, then £15.59 a year): the years add up to the
    // line, VAT 2.10 + 2 x 2.60, never VAT rounded again on the sum.
    expect(changed.body.data.items[0]).toMatchObject({
      years: 3,
      price: { net: 1049 + 2 * 1299, vat: 210 + 2 * 260, gross: 1259 + 2 * 1559 },
      recurring: { net: 1299, vat: 260, gross: 1559, period: 'year' },
    });
    const bad = await s.put(id, { years: 11 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.years).toBeDefined();
    const users = await s.put(id, { users: 2 });
    expect(users.status).toBe(400);
    expect((await s.get()).body.data.items[0].years).toBe(3);
  });

  it('answers 404 for a line of another cart or no line at all', async () => {
    const a = await shopper(routes);
    const b = await shopper(routes);
    const added = await a.add({ type: 'domain_registration', domain: fresh(), years: 1 });
    const id = added.body.data.items[0].id;
    expect((await b.remove(id)).status).toBe(404);
    expect((await b.put(id, { years: 2 })).status).toBe(404);
    expect((await a.remove('not-a-uuid')).status).toBe(404);
    expect((await a.get()).body.data.items).toHaveLength(1);
  });

  it('removes a line and clears the cart, each answering the whole cart', async () => {
    const s = await shopper(routes);
    await s.add({ type: 'domain_registration', domain: fresh(), years: 1 });
    const two = await s.add({ type: 'plan', plan: 'starter', users: 2 });
    const removed = await s.remove(two.body.data.items[0].id);
    expect(removed.body.data.items.map((i: any) => i.type)).toEqual(['plan']);
    const cleared = await s.clear();
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.items).toEqual([]);
    expect(cleared.body.data.totals.due_today).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it('refuses a change sent against a stale version with 409, by body version or If-Match', async () => {
    const s = await shopper(routes);
    const first = await s.add({ type: 'domain_registration', domain: fresh(), years: 1 });
    const v = first.body.data.version;
    const second = await s.add({
      type: 'domain_registration',
      domain: fresh(),
      years: 1,
      version: v,
    });
    expect(second.status).toBe(200);
    const stale = await s.add({
      type: 'domain_registration',
      domain: fresh(),
      years: 1,
      version: v,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('cart_version_conflict');
    const id = second.body.data.items[0].id;
    expect((await s.put(id, { years: 2 }, { 'if-match': `"${v}"` })).status).toBe(409);
    expect((await s.remove(id, { 'if-match': `"${v}"` })).status).toBe(409);
    expect((await s.clear({ 'if-match': `"${v}"` })).status).toBe(409);
    const now = await s.get();
    expect(now.body.data.items).toHaveLength(2);
    expect(now.headers.get('etag')).toBe(`"${now.body.data.version}"`);
    expect((await s.clear({ 'if-match': now.headers.get('etag')! })).status).toBe(200);
  });

  it('takes a removal’s version from its body too, and refuses a body and If-Match that differ', async () => {
    const s = await shopper(routes);
    const first = await s.add({ type: 'domain_registration', domain: fresh(), years: 1 });
    const v = first.body.data.version;
    const id = first.body.data.items[0].id;
    await s.add({ type: 'plan', plan: 'starter', users: 1 });
    const remove = (json: unknown, headers: Record<string, string> = {}) =>
      s.agent.call(routes.item.DELETE, `/api/cart/${id}`, {
        method: 'DELETE',
        params: { id },
        json,
        headers,
      });
    const clear = (json: unknown) =>
      s.agent.call(routes.clear.DELETE, '/api/cart/clear', { method: 'DELETE', json });
    // A stale version in the body: refused, as by If-Match.
    expect((await remove({ version: v })).status).toBe(409);
    expect((await clear({ version: v })).status).toBe(409);
    expect((await clear({ version: -1 })).status).toBe(400);
    expect((await clear({ colour: 'red' })).status).toBe(400);
    // The body says one version and the header another: which one was meant is not guessed.
    const current = (await s.get()).body.data.version;
    const both = await remove({ version: current }, { 'if-match': `"${v}"` });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.error.fields)).toEqual(['version']);
    const put = await s.put(id, { years: 2, version: current }, { 'if-match': `"${v}"` });
    expect(put.status).toBe(400);
    expect((await s.get()).body.data.items).toHaveLength(2);
    // The current one, either way, goes through.
    expect((await remove({ version: current })).status).toBe(200);
    expect((await clear({})).status).toBe(200);
  });
});

describe('consistency under parallel adds', () => {
  it('50 parallel adds of distinct domains give 50 lines', async () => {
    const s = await shopper(routes);
    const domains = Array.from({ length: 50 }, () => fresh());
    const answers = await Promise.all(
      domains.map((domain) => s.add({ type: 'domain_registration', domain, years: 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const cart = (await s.get()).body.data;
    expect(cart.items).toHaveLength(50);
    expect(new Set(cart.items.map((i: any) => i.domain))).toEqual(new Set(domains));
    expect(cart.totals.due_today.net).toBe(50 * 1049);
  });

  it('50 parallel adds of one domain give one line', async () => {
    const s = await shopper(routes);
    const domain = fresh();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => s.add({ type: 'domain_registration', domain, years: 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect((await s.get()).body.data.items).toHaveLength(1);
  });
});

describe('site version', () => {
  it('reprices the cart when the shopper switches to USD; lines not sold there are flagged and left out', async () => {
    const s = await shopper(routes);
    const com = fresh('com');
    await s.add({ type: 'domain_registration', domain: com, years: 1 });
    await s.add({ type: 'domain_registration', domain: fresh('co.uk'), years: 1 });
    const gb = await s.get();
    expect(gb.body.data.totals.due_today.net).toBe(1049 + 599);
    const us = await s.get({
      'accept-language': 'en-US',
      cookie: `${s.agent.cookieHeader()}; site_version=2`,
    });
    expect(us.body.data.currency).toBe('USD');
    const [first, second] = us.body.data.items;
    expect(first).toMatchObject({ domain: com, price: { net: 1299, vat: 0, gross: 1299 } });
    expect(second.unavailable).toBe('not_sold_in_site_version');
    expect(us.body.data.totals.due_today).toEqual({ net: 1299, vat: 0, gross: 1299 });
  });
});

describe('a cart holds at most 100 lines', () => {
  it('refuses the 101st line with 422 cart_full, even among parallel adds, and keeps the rest', async () => {
    const s = await shopper(routes);
    const domains = Array.from({ length: 105 }, () => fresh());
    const answers = await Promise.all(
      domains.map((domain) => s.add({ type: 'domain_registration', domain, years: 1 })),
    );
    const refused = answers.filter((a) => a.status !== 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toBe('cart_full');
      expect(answer.body.error.message).toBe(
        'Your cart holds at most 100 lines. Check out or remove some to add more.',
      );
    }
    const cart = (await s.get()).body.data;
    expect(cart.items).toHaveLength(100);
    expect(cart.totals.due_today.net).toBe(100 * 1049);

    // A line the full cart has already is no new line: the add answers the cart as it is.
    const again = await s.add({
      type: 'domain_registration',
      domain: cart.items[0].domain,
      years: 1,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.items).toHaveLength(100);

    // A number refused by the full cart is not held by it: another shopper can take it.
    const number = await freeUkNumber();
    const full = await s.add({ type: 'number', number });
    expect(full.status).toBe(422);
    expect(full.body.error.code).toBe('cart_full');
    const other = await shopper(routes);
    expect((await other.add({ type: 'number', number })).status).toBe(200);
    await other.clear();

    // Room again after a line goes.
    await s.remove(cart.items[0].id);
    const room = await s.add({ type: 'domain_registration', domain: fresh(), years: 1 });
    expect(room.status).toBe(200);
    expect(room.body.data.items).toHaveLength(100);
    await s.clear();
  });
});
