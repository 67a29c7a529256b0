import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { customerRoutes, PASSWORD, signedInCustomer } from '../support/customers';
import { apiRequest } from '../support/requests';
import { pageCacheStore } from '../../scripts/page-cache-store.mjs';

// docs/decisions/0327: a signed-in member whose role may not buy fills no cart (a number would be
// held for 15 minutes for nobody), while a cart they have from before signing in can still be
// emptied; a removed number is for sale again at once, on the cached numbers pages too.
const routes = await customerRoutes();
const [item, clear, numbersRoute] = await Promise.all([
  import('@/app/api/cart/[id]/route'),
  import('@/app/api/cart/clear/route'),
  import('@/app/api/voice/numbers/route'),
]);
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { CANNOT_BUY } = await import('@/features/cart/buying-role');
const { numbersPageTag } = await import('@/features/catalog/search-address');

const HOST = 'harbor.localhost';
const GB = { 'accept-language': 'en-GB' };

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

/** A free UK number of the store, a different one per call. */
let taken = 0;
async function freeNumber(): Promise<string> {
  const answer = await numbersRoute.GET(
    apiRequest('/api/voice/numbers?limit=100', { host: HOST, headers: GB }),
    undefined as never,
  );
  const { data } = await answer.json();
  return data.numbers[taken++].number;
}

/** A visitor of the store with a session, not signed in. */
async function visitor() {
  const agent = new Agent(HOST);
  await agent.call(routes.token.GET, '/api/token', { headers: GB });
  return {
    agent,
    add: (json: unknown) =>
      agent.call(routes.cart.POST, '/api/cart', { method: 'POST', json, headers: GB }),
    cart: () => agent.call(routes.cart.GET, '/api/cart', { headers: GB }),
    remove: (id: string) =>
      agent.call(item.DELETE, `/api/cart/${id}`, { method: 'DELETE', params: { id }, headers: GB }),
    clear: () => agent.call(clear.DELETE, '/api/cart/clear', { method: 'DELETE', headers: GB }),
    signIn: (email: string) =>
      agent.call(routes.login.POST, '/api/login', {
        method: 'POST',
        json: { email, password: PASSWORD, remember_me: false },
        headers: GB,
      }),
  };
}

async function team() {
  const owner = await signedInCustomer(routes, { host: HOST });
  const technical = await signedInCustomer(routes, {
    host: HOST,
    accountId: owner.accountId,
    role: 'technical',
    name: 'Tess Technical',
  });
  return { owner, technical };
}

describe('who may fill a cart', () => {
  it('refuses a Technical member’s number with 403 before holding it, and their plan too', async () => {
    const { owner, technical } = await team();
    const number = await freeNumber();

    const refused = await technical.addToCart({ type: 'number', number });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', message: CANNOT_BUY });
    expect(CANNOT_BUY).toBe(
      'Your role cannot buy or pay for this account. Ask someone with the Owner, Admin or Billing role.',
    );
    const plan = await technical.addToCart({ type: 'plan', plan: 'business', users: 1 });
    expect(plan.status).toBe(403);
    expect((await technical.cart()).body.data.items).toEqual([]);

    // Nothing was held: the owner, who may buy, adds that very number.
    const bought = await owner.addToCart({ type: 'number', number });
    expect(bought.status).toBe(200);
    expect(bought.body.data.items).toEqual([expect.objectContaining({ number })]);
  });

  it('keeps the cart a Technical member filled before signing in, and lets them empty it', async () => {
    const { technical } = await team();
    const number = await freeNumber();
    const browser = await visitor();
    // Not signed in: anyone may fill a cart, and sign in at the checkout.
    expect((await browser.add({ type: 'number', number })).status).toBe(200);
    expect((await browser.signIn(technical.email)).status).toBe(200);

    const merged = (await browser.cart()).body.data;
    expect(merged.items).toEqual([expect.objectContaining({ number })]);
    // Signed in now, no more can be added.
    expect((await browser.add({ type: 'plan', plan: 'business', users: 1 })).status).toBe(403);

    const removed = await browser.remove(merged.items[0].id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.items).toEqual([]);
    // The hold went with the line.
    const other = await visitor();
    expect((await other.add({ type: 'number', number })).status).toBe(200);
  });
});

describe('a removed number is for sale again at once', () => {
  const aMoment = () => new Promise((resolve) => setTimeout(resolve, 2));
  /**
   * A numbers page as the page cache keeps one, with its tags (docs/decisions/0111), made a
   * moment after the add's own expiry and a moment before what is tried: an expiry in the very
   * millisecond an entry is dated expires it.
   */
  const cachedPage = async (key: string) => {
    await aMoment();
    const pages = pageCacheStore();
    pages.set(key, {
      kind: 'APP_PAGE',
      html: '<p>numbers</p>',
      headers: { 'x-next-cache-tags': `_N_T_/layout,${numbersPageTag(1)}` },
    });
    await aMoment();
    return pages;
  };

  it('expires the cached numbers pages when a line’s number is removed', async () => {
    const browser = await visitor();
    const added = await browser.add({ type: 'number', number: await freeNumber() });
    const line = added.body.data.items[0];
    const pages = await cachedPage(`/${HOST}/numbers-removal`);
    expect(pages.get(`/${HOST}/numbers-removal`)).not.toBeNull();

    expect((await browser.remove(line.id)).status).toBe(200);
    expect(pages.get(`/${HOST}/numbers-removal`)).toBeNull();
  });

  it('expires them when a cart with a number is emptied, and not for a cart without one', async () => {
    const plans = await visitor();
    expect((await plans.add({ type: 'plan', plan: 'business', users: 1 })).status).toBe(200);
    const kept = await cachedPage(`/${HOST}/numbers-plans-only`);
    expect((await plans.clear()).status).toBe(200);
    expect(kept.get(`/${HOST}/numbers-plans-only`)).not.toBeNull();

    const browser = await visitor();
    const number = await freeNumber();
    expect((await browser.add({ type: 'number', number })).status).toBe(200);
    const pages = await cachedPage(`/${HOST}/numbers-clear`);
    expect((await browser.clear()).status).toBe(200);
    expect(pages.get(`/${HOST}/numbers-clear`)).toBeNull();
    expect((await (await visitor()).add({ type: 'number', number })).status).toBe(200);
  });
});
