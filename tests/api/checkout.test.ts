import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { buyer, checkoutRoutes, freeNumber, freshDomain, readyCart } from '../support/checkout';
import { displayPhoneNumber } from '@/lib/phone-display';

const routes = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { phoneNumbers, registryDomains, tldPrices } = await import('@/lib/db/schema');
const { and, eq } = await import('drizzle-orm');
const { availability } = await import('@/features/catalog/server/availability-config.server');
const { storeService } = await import('@/features/tenancy/server/store-service.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

describe('GET /api/checkout', () => {
  it('answers the cart with what the checkout still needs: billing, a .us nexus, each number’s address in its country', async () => {
    const b = await buyer(routes, { billing: null, siteVersion: 2 });
    const us = freshDomain('us');
    const com = freshDomain('com');
    const number = await freeNumber(2);
    await b.addToCart({ type: 'domain_registration', domain: us, years: 1 });
    await b.addToCart({ type: 'domain_registration', domain: com, years: 1 });
    await b.addToCart({ type: 'number', number });
    const { status, body } = await b.checkout();
    expect(status).toBe(200);
    const lines = body.data.cart.items;
    const line = (key: string) =>
      lines.find((l: { domain?: string; number?: string }) => (l.domain ?? l.number) === key).id;
    expect(body.data.changes).toEqual([]);
    expect(body.data.requirements).toEqual([
      {
        line_id: null,
        kind: 'billing_details',
        fields: ['name', 'line1', 'city', 'postcode', 'country'],
      },
      { line_id: line(us), kind: 'registrant', fields: ['us_nexus_category'] },
      {
        line_id: line(number),
        kind: 'number_address',
        fields: ['line1', 'city', 'region', 'postcode', 'country'],
        country: 'US',
      },
    ]);
  });

  it('extends each number’s hold to 30 minutes for the checkout', async () => {
    const b = await buyer(routes);
    const number = await freeNumber();
    const added = await b.addToCart({ type: 'number', number });
    const heldBefore = Date.parse(added.body.data.items[0].held_until);
    const { body } = await b.checkout();
    const heldAfter = Date.parse(body.data.cart.items[0].held_until);
    expect(heldAfter - heldBefore).toBeGreaterThanOrEqual(15 * 60_000 - 5_000);
    expect(heldAfter - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('removes a domain taken meanwhile, says so, and moves the cart to a new version', async () => {
    const b = await buyer(routes);
    const domain = freshDomain();
    const keep = freshDomain();
    await b.addToCart({ type: 'domain_registration', domain, years: 1 });
    const before = await b.addToCart({ type: 'domain_registration', domain: keep, years: 1 });
    const lineId = before.body.data.items[0].id;
    // Someone else registers it, and the search cache forgets it, as after a sale.
    await (await appDb()).insert(registryDomains).values({ domain, status: 'taken' });
    availability().forget(domain);
    const { body } = await b.checkout();
    expect(body.data.changes).toEqual([
      {
        line_id: lineId,
        kind: 'taken',
        message: `${domain} was registered by someone else, so it was removed from your cart.`,
      },
    ]);
    expect(body.data.cart.items.map((l: { label: string }) => l.label)).toEqual([keep]);
    expect(body.data.cart.version).toBeGreaterThan(before.body.data.version);
    expect(body.data.cart.dropped).toEqual([
      { type: 'domain_registration', label: domain, reason: body.data.changes[0].message },
    ]);
    // Looked at again, nothing has changed since.
    expect((await b.checkout()).body.data.changes).toEqual([]);
  });

  it('removes a number whose hold lapsed and that someone else now holds', async () => {
    const b = await buyer(routes);
    const other = await buyer(routes);
    const number = await freeNumber();
    await b.addToCart({ type: 'number', number });
    const db = await appDb();
    await db
      .update(phoneNumbers)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(phoneNumbers.number, number));
    expect((await other.addToCart({ type: 'number', number })).status).toBe(200);
    const { body } = await b.checkout();
    expect(body.data.changes).toMatchObject([{ kind: 'hold_lost' }]);
    // The message names the number as people read it.
    expect(body.data.changes[0].message).toContain(displayPhoneNumber(number));
    expect(body.data.cart.items).toEqual([]);
  });

  it('shows a price changed since the checkout last showed the cart, and an order for the old version is refused', async () => {
    const b = await buyer(routes, { host: 'bytes.localhost' });
    const domain = freshDomain('dev');
    await b.addToCart({ type: 'domain_registration', domain, years: 1 });
    const first = await b.checkout();
    expect(first.body.data.cart.items[0].price.net).toBe(1299);
    const db = await appDb();
    const store = (await storeService().byHost('bytes.localhost'))!;
    const priceListId = 'store:bytes.localhost';
    await db
      .update(tldPrices)
      .set({ registerNet: 1399 })
      .where(
        and(
          eq(tldPrices.priceListId, priceListId),
          eq(tldPrices.siteVersion, 1),
          eq(tldPrices.tld, 'dev'),
        ),
      );
    storeService().invalidate('bytes.localhost');
    try {
      const stale = await b.order({
        cart_version: first.body.data.cart.version,
        accept_terms: true,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('cart_changed');
      const second = await b.checkout();
      expect(second.body.data.changes).toEqual([
        {
          line_id: first.body.data.cart.items[0].id,
          kind: 'price_changed',
          message: `The price of ${domain} changed from £12.99 to £13.99 (ex VAT).`,
        },
      ]);
      expect(second.body.data.cart.version).toBe(first.body.data.cart.version + 1);
      const old = await b.order({ cart_version: first.body.data.cart.version, accept_terms: true });
      expect(old.status).toBe(409);
      expect(old.body.error.code).toBe('cart_version_conflict');
      const confirmed = await b.order({
        cart_version: second.body.data.cart.version,
        accept_terms: true,
      });
      expect(confirmed.status).toBe(201);
      expect(confirmed.body.data.order.totals.net).toBe(1399);
    } finally {
      await db
        .update(tldPrices)
        .set({ registerNet: 1299 })
        .where(
          and(
            eq(tldPrices.priceListId, priceListId),
            eq(tldPrices.siteVersion, 1),
            eq(tldPrices.tld, 'dev'),
          ),
        );
      storeService().invalidate('bytes.localhost');
      expect(store.key).toBeTruthy();
    }
  });

  it('is for signed-in customers', async () => {
    const anonymous = new Agent();
    await anonymous.call(routes.token.GET, '/api/token');
    const answer = await anonymous.call(routes.checkout.GET, '/api/checkout');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('not_signed_in');
  });

  it('answers an empty cart with no changes', async () => {
    const b = await buyer(routes);
    const { body } = await b.checkout();
    expect(body.data.cart.items).toEqual([]);
    expect(body.data.requirements).toEqual([]);
    const ready = await readyCart(b);
    expect(ready.cart.items).toHaveLength(3);
  });
});
