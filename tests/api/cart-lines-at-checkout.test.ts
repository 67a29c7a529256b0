import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, freshDomain, type Buyer } from '../support/checkout';

/**
 * Cart lines as the checkout and the account see them: a line not sold in the currency the
 * shopper switched to is set aside (it stays in the cart, is left out of the totals and of the
 * order, and is back, priced, when the currency is); a domain the account already holds cannot
 * be added as a transfer.
 */

const routes = await checkoutRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

const USD = { 'accept-language': 'en-US' };

/** The buyer's calls in USD, as after switching currency. */
function inUsd(b: Buyer) {
  const headers = (extra: Record<string, string> = {}) => b.headers({ ...USD, ...extra });
  return {
    cart: () => b.agent.call(routes.cart.GET, '/api/cart', { headers: headers() }),
    checkout: () => b.agent.call(routes.checkout.GET, '/api/checkout', { headers: headers() }),
    order: (json: unknown) =>
      b.agent.call(routes.orders.POST, '/api/orders', {
        method: 'POST',
        json,
        headers: headers({ 'idempotency-key': randomUUID() }),
      }),
  };
}

type Line = { domain?: string; unavailable?: string; price: { net: number } };

describe('switching currency with a line not sold in the new one', () => {
  it('keeps the line in the cart, orders the rest, and the line is back in GBP', async () => {
    const b = await buyer(routes);
    const ukOnly = freshDomain('co.uk');
    const both = freshDomain('com');
    expect((await b.addToCart({ type: 'domain_registration', domain: ukOnly })).status).toBe(200);
    expect((await b.addToCart({ type: 'domain_registration', domain: both })).status).toBe(200);
    const usd = inUsd(b);

    const checked = await usd.checkout();
    expect(checked.status).toBe(200);
    expect(checked.body.data.changes).toEqual([]);
    const lines: Line[] = checked.body.data.cart.items;
    expect(lines.find((l) => l.domain === ukOnly)).toMatchObject({
      unavailable: 'not_sold_in_site_version',
    });
    // USD .com: $12.99, no VAT; the .co.uk is not in the total.
    expect(checked.body.data.cart.totals.due_today).toEqual({ net: 1299, vat: 0, gross: 1299 });

    const placed = await usd.order({
      cart_version: checked.body.data.cart.version,
      accept_terms: true,
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;
    expect(order.currency).toBe('USD');
    expect(order.lines.map((l: { label: string }) => l.label)).toEqual([both]);
    expect(order.totals.gross).toBe(1299);

    // After the order, the cart in USD still holds the set-aside line, out of the totals...
    const after = await usd.cart();
    expect(after.body.data.items.map((l: Line) => l.domain)).toEqual([ukOnly]);
    expect(after.body.data.totals.due_today.gross).toBe(0);
    // ...and back in GBP it is a line like any other, priced.
    const back = await b.cart();
    expect(back.body.data.items).toHaveLength(1);
    expect(back.body.data.items[0]).toMatchObject({ domain: ukOnly, price: { net: 599 } });
    expect(back.body.data.items[0].unavailable).toBeUndefined();
  });

  it('refuses an order with nothing sold in the currency, and keeps the cart', async () => {
    const b = await buyer(routes);
    const ukOnly = freshDomain('co.uk');
    await b.addToCart({ type: 'domain_registration', domain: ukOnly });
    const usd = inUsd(b);
    const checked = await usd.checkout();
    const placed = await usd.order({
      cart_version: checked.body.data.cart.version,
      accept_terms: true,
    });
    expect(placed.status).toBe(422);
    expect(placed.body.error).toMatchObject({
      code: 'cart_empty',
      message: 'Nothing in your cart is sold in this currency: switch currency to order it.',
    });
    expect((await b.cart()).body.data.items.map((l: Line) => l.domain)).toEqual([ukOnly]);
  });
});

describe('a transfer of a domain the account already holds', () => {
  it('is refused with the reason, and the cart stays as it was', async () => {
    const b = await buyer(routes);
    const domain = freshDomain('com');
    await b.addToCart({ type: 'domain_registration', domain });
    const checked = await b.checkout();
    const placed = await b.order({
      cart_version: checked.body.data.cart.version,
      accept_terms: true,
    });
    expect(placed.status).toBe(201);
    const paid = await b.demo(placed.body.data.payment.id, 'succeed');
    expect(paid.body.data.order_status).toBe('fulfilled');

    const transfer = await b.addToCart({
      type: 'domain_transfer',
      domain,
      auth_code: 'Secret-42',
    });
    expect(transfer.status).toBe(422);
    expect(transfer.body.error).toEqual({
      code: 'domain_owned',
      message: 'That domain is already in your account here, so there is nothing to transfer.',
      fields: {
        domain: ['That domain is already in your account here, so there is nothing to transfer.'],
      },
    });
    expect((await b.cart()).body.data.items).toEqual([]);
  });
});
