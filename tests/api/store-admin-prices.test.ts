import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { startAuthHarness } from '../support/auth-harness';
import { cartRoutes, shopper } from '../support/cart-routes';
import { apiRequest } from '../support/requests';
import {
  newStore,
  OPERATOR_TOKEN,
  operatorCall,
  signedInStaff,
  storeAdminRoutes,
} from '../support/store-admin';

// Issue 26, point 4: the store's owner prices TLDs over the platform's cost. A price below cost
// is refused with the field and nothing is written; new prices reach search and carts at once;
// every change is audited with before and after.
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
const harness = await startAuthHarness();
const routes = await storeAdminRoutes();
const carts = await cartRoutes();
const prices = await import('@/app/api/store-admin/prices/route');
const markup = await import('@/app/api/store-admin/prices/markup/route');
const costs = await import('@/app/api/admin/costs/route');
const search = await import('@/app/api/domains/search/route');
const { appDb } = await import('@/lib/db/app-db');
const { storeAdminAudit, tldPrices } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const list = (a: Agent, sv = 1) =>
  a.call(prices.GET, `/api/store-admin/prices?site_version=${sv}`, { params: {} });
const put = (a: Agent, json: unknown) =>
  a.call(prices.PUT, '/api/store-admin/prices', { method: 'PUT', json, params: {} });
const applyMarkup = (a: Agent, json: unknown) =>
  a.call(markup.POST, '/api/store-admin/prices/markup', { method: 'POST', json, params: {} });

async function searchOn(host: string, q: string) {
  const response = await search.GET(
    apiRequest(`/api/domains/search?q=${encodeURIComponent(q)}`, {
      headers: { 'accept-language': 'en-GB' },
      host,
    }),
    undefined as never,
  );
  expect(response.status).toBe(200);
  return (await response.json()).data.results as {
    tld: string;
    kind: string;
    price: { register: { net: number } };
  }[];
}

async function storedPrices(storeId: string) {
  const db = await appDb();
  return db
    .select()
    .from(tldPrices)
    .where(eq(tldPrices.priceListId, `store:${storeId}`))
    .orderBy(tldPrices.siteVersion, tldPrices.tld);
}

const auditOf = async (storeId: string) =>
  (await appDb())
    .select()
    .from(storeAdminAudit)
    .where(and(eq(storeAdminAudit.storeId, storeId), eq(storeAdminAudit.action, 'prices.changed')))
    .orderBy(storeAdminAudit.at);

async function ownerOfNewStore(tag = 'prices') {
  const store = await newStore(routes, tag);
  return { store, owner: await signedInStaff(routes, store, 'store_owner') };
}

describe('prices over cost', () => {
  it('lists every TLD with its price, the platform’s cost and the margin', async () => {
    const { owner } = await ownerOfNewStore();
    const answer = await list(owner.agent);
    expect(answer.status).toBe(200);
    const com = answer.body.data.items.find((i: any) => i.tld === 'com');
    // .com costs 80 % of the lowest price a shipped list asks (8.99 -> 7.19).
    expect(com).toMatchObject({
      site_version: 1,
      currency: 'GBP',
      enabled: true,
      prices: {
        register: { price: 1049, cost: 719, margin: 330 },
        restore: { price: 7000, cost: 5000, margin: 2000 },
      },
    });
    expect(answer.body.data.items.every((i: any) => i.site_version === 1)).toBe(true);
  });

  it('a raised price shows in search and reprices a cart at once, and is audited', async () => {
    const { store, owner } = await ownerOfNewStore();
    const buyer = await shopper(carts, { host: store.host });
    expect(
      (await buyer.add({ type: 'domain_registration', domain: 'pricecheck.com' })).status,
    ).toBe(200);
    expect((await buyer.get()).body.data.items[0].price.net).toBe(1049);
    // The store's lookup is cached now; the change must reach it anyway.
    expect((await searchOn(store.host, 'pricecheck.com'))[0]!.price.register.net).toBe(1049);

    const changed = await put(owner.agent, {
      changes: [{ site_version: 1, tld: 'com', register: 1500 }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.items[0].prices.register).toEqual({
      price: 1500,
      cost: 719,
      margin: 781,
    });
    expect((await searchOn(store.host, 'pricecheck.com'))[0]!.price.register.net).toBe(1500);
    expect((await buyer.get()).body.data.items[0].price.net).toBe(1500);

    const [entry] = await auditOf(store.id);
    expect(entry).toMatchObject({
      actor: owner.email,
      target: '.com (GBP)',
      before: { register: 1049, renew: 1299, transfer: 1049, restore: 7000, enabled: true },
      after: {
        register: 1500,
        renew: 1299,
        transfer: 1049,
        restore: 7000,
        enabled: true,
        currency: 'GBP',
      },
    });
  });

  it('refuses a price below cost with the field named, and writes nothing of the set', async () => {
    const { store, owner } = await ownerOfNewStore();
    const before = await storedPrices(store.id);
    const answer = await put(owner.agent, {
      changes: [
        { site_version: 1, tld: 'org', register: 2000 },
        { site_version: 1, tld: 'com', renew: 838 },
      ],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('below_cost');
    expect(answer.body.error.fields).toEqual({
      // The amount with its currency, as the page shows both currencies' prices (0324).
      'changes.1.renew': ['must be at least 8.79 GBP, the platform’s cost'],
    });
    const usd = await put(owner.agent, { changes: [{ site_version: 2, tld: 'com', renew: 1 }] });
    expect(usd.status).toBe(422);
    expect(usd.body.error.fields['changes.0.renew']).toEqual([
      expect.stringMatching(/^must be at least \d+\.\d{2} USD, the platform’s cost$/),
    ]);
    expect(await storedPrices(store.id)).toEqual(before);
    expect(await auditOf(store.id)).toEqual([]);
  });

  it('refuses bad input with 400 and the field, and writes nothing', async () => {
    const { store, owner } = await ownerOfNewStore();
    const before = await storedPrices(store.id);
    const bad: [unknown, string][] = [
      [{ changes: [{ site_version: 1, tld: 'com', register: '1500' }] }, 'changes.0.register'],
      [{ changes: [{ site_version: 1, tld: 'com', register: 15.5 }] }, 'changes.0.register'],
      [{ changes: [{ site_version: 1, tld: 'com', register: -1 }] }, 'changes.0.register'],
      [{ changes: [{ site_version: 3, tld: 'com', register: 1500 }] }, 'changes.0.site_version'],
      [{ changes: [{ site_version: 1, tld: 'co\u0000m', register: 1500 }] }, 'changes.0.tld'],
      [{ changes: [{ site_version: 1, tld: 'com\n', register: 1500 }] }, 'changes.0.tld'],
      [{ changes: [{ site_version: 1, tld: 'com', cost: 1 }] }, 'changes.0'],
      [{ changes: [] }, 'changes'],
    ];
    for (const [json, field] of bad) {
      const answer = await put(owner.agent, json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(Object.keys(answer.body.error.fields ?? {}).join(' '), JSON.stringify(json)).toContain(
        field,
      );
    }
    const unknown = await put(owner.agent, {
      changes: [{ site_version: 1, tld: 'example', register: 1500 }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({
      'changes.0.tld': ['is not in this store’s price list'],
    });
    const markupBad = await applyMarkup(owner.agent, { site_version: 1, percent: -5 });
    expect(markupBad.status).toBe(400);
    expect(markupBad.body.error.fields.percent).toBeDefined();
    expect(await storedPrices(store.id)).toEqual(before);
  });

  it('someone not of this store’s staff gets 404; another store’s change stays there', async () => {
    const { store } = await ownerOfNewStore();
    const other = await ownerOfNewStore('other');
    const before = await storedPrices(store.id);
    // A signed-in person of this store who is not its staff (the matrix tries the other store's
    // owner on every call).
    const intruder = await signedInStaff(routes, store, null);
    expect(
      (await put(intruder.agent, { changes: [{ site_version: 1, tld: 'com', register: 5000 }] }))
        .status,
    ).toBe(404);
    // Their own store's call changes their own list only.
    expect(
      (await put(other.owner.agent, { changes: [{ site_version: 1, tld: 'com', register: 5000 }] }))
        .status,
    ).toBe(200);
    expect(await storedPrices(store.id)).toEqual(before);
  });

  it('two parallel changes of one TLD take turns: both land, each audited with what it replaced', async () => {
    const { store, owner } = await ownerOfNewStore();
    const second = await signedInStaff(routes, store, 'store_owner');
    const [a, b] = await Promise.all([
      put(owner.agent, { changes: [{ site_version: 1, tld: 'com', register: 1200 }] }),
      put(second.agent, { changes: [{ site_version: 1, tld: 'com', register: 1300 }] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const entries = await auditOf(store.id);
    expect(entries).toHaveLength(2);
    const [first, last] = entries as [any, any];
    expect(first.before.register).toBe(1049);
    expect(last.before.register).toBe(first.after.register);
    const com = (await storedPrices(store.id)).find((p) => p.tld === 'com' && p.siteVersion === 1)!;
    expect(com.registerNet).toBe(last.after.register);
  });

  it('a disabled TLD is not offered in search until it is enabled again', async () => {
    const { store, owner } = await ownerOfNewStore();
    const tlds = async () =>
      (await searchOn(store.host, 'quietname'))
        .filter((r) => r.kind !== 'suggestion')
        .map((r) => r.tld);
    expect(await tlds()).toContain('org');
    const off = await put(owner.agent, {
      changes: [{ site_version: 1, tld: 'org', enabled: false }],
    });
    expect(off.status).toBe(200);
    expect(await tlds()).not.toContain('org');
    const listed = (await list(owner.agent)).body.data.items.find((i: any) => i.tld === 'org');
    expect(listed.enabled).toBe(false);
    await put(owner.agent, { changes: [{ site_version: 1, tld: 'org', enabled: true }] });
    expect(await tlds()).toContain('org');
  });

  it('cost + N % applies to many TLDs at once, rounded up to .99', async () => {
    const { owner } = await ownerOfNewStore();
    const answer = await applyMarkup(owner.agent, {
      site_version: 1,
      percent: 25,
      rounding: '99',
      tlds: ['com', 'org'],
      actions: ['register'],
    });
    expect(answer.status).toBe(200);
    const byTld = Object.fromEntries(
      answer.body.data.items.map((i: any) => [i.tld, i.prices.register.price]),
    );
    // .com: 7.19 x 1.25 = 8.9875 -> 8.99 -> 8.99; .org: 9.19 x 1.25 = 11.4875 -> 11.49 -> 11.99.
    expect(byTld).toEqual({ com: 899, org: 1199 });
    const after = (await list(owner.agent)).body.data.items.find((i: any) => i.tld === 'com');
    expect(after.prices.renew.price).toBe(1299);
  });

  it('only the owner reads and changes prices', async () => {
    const { store } = await ownerOfNewStore();
    const staff = await signedInStaff(routes, store, 'store_staff');
    expect((await list(staff.agent)).status).toBe(403);
    expect(
      (await put(staff.agent, { changes: [{ site_version: 1, tld: 'com', register: 5000 }] }))
        .status,
    ).toBe(403);
  });
});

describe('the operator’s costs', () => {
  it('reads and sets costs with the bearer token only', async () => {
    const item = `zz${Date.now().toString(36)}`;
    const set = await operatorCall(costs.PUT, '/api/admin/costs', {
      method: 'PUT',
      json: { costs: [{ kind: 'tld', item, site_version: 2, action: 'register', cost: 700 }] },
    });
    expect(set.status).toBe(200);
    const got = await operatorCall(costs.GET, '/api/admin/costs', { method: 'GET' });
    expect(got.body.data.costs).toContainEqual(
      expect.objectContaining({
        kind: 'tld',
        item,
        site_version: 2,
        action: 'register',
        cost: 700,
      }),
    );
    const mismatch = await operatorCall(costs.PUT, '/api/admin/costs', {
      method: 'PUT',
      json: { costs: [{ kind: 'plan', item, site_version: 2, action: 'register', cost: 700 }] },
    });
    expect(mismatch.status).toBe(400);
    const response = await costs.GET(
      apiRequest('/api/admin/costs', { headers: { authorization: 'Bearer wrong' } }),
      undefined as never,
    );
    expect(response.status).toBe(401);
  });
});
