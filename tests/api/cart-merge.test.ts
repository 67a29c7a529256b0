import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, registeredUser } from '../support/auth-flows';
import { cartRoutes, shopper } from '../support/cart-routes';
import { displayPhoneNumber } from '@/lib/phone-display';

const harness = await startAuthHarness();
const auth = await authRoutes();
const routes = await cartRoutes();
const vat = await import('@/app/api/vat/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => harness.close());

let n = 0;
const fresh = (tld: string) => `merge-${process.pid}-${Date.now().toString(36)}-${n++}.${tld}`;

async function signIn(agent: Agent, email: string, lang = 'en-GB') {
  const answer = await agent.call(auth.login.POST, '/api/login', {
    method: 'POST',
    json: { email, password: PASSWORD, remember_me: false },
    headers: { 'accept-language': lang },
  });
  expect(answer.status).toBe(200);
}

const customer = (agent: Agent, lang = 'en-GB') =>
  agent.call(routes.customer.GET, '/api/customer', { headers: { 'accept-language': lang } });

let numberCursor = 40;
async function ukNumber(): Promise<string> {
  const { GET } = await import('@/app/api/voice/numbers/route');
  const { apiRequest } = await import('../support/requests');
  const response = await GET(
    apiRequest('/api/voice/numbers?limit=100', { headers: { 'accept-language': 'en-GB' } }),
    undefined as never,
  );
  return (await response.json()).data.numbers[numberCursor++].number;
}

describe('merge on sign-in', () => {
  it('gives the anonymous cart to a customer who had none, and GET /api/customer answers it', async () => {
    const email = await registeredUser(auth, harness.mail, freshEmail('merge1'));
    const s = await shopper(routes);
    const domain = fresh('com');
    await s.add({ type: 'domain_registration', domain, years: 2 });
    await signIn(s.agent, email);
    const { body } = await customer(s.agent);
    expect(body.data.user.email).toBe(email);
    expect(body.data.cart.items).toMatchObject([{ domain, years: 2 }]);
    expect(body.data.cart.dropped).toEqual([]);
  });

  it('moves what it can into the customer cart and drops lines of another currency with a reason', async () => {
    const email = await registeredUser(auth, harness.mail, freshEmail('merge2'));
    // The customer filled a USD cart on another visit.
    const earlier = await shopper(routes, { siteVersion: 2 });
    await signIn(earlier.agent, email, 'en-US');
    const us = fresh('us');
    await earlier.add({ type: 'domain_registration', domain: us, years: 1 });

    // Now, anonymous in GBP: a .com (sold in USD too), a .co.uk and a UK number (not sold in USD).
    const s = await shopper(routes);
    const com = fresh('com');
    const couk = fresh('co.uk');
    const number = await ukNumber();
    await s.add({ type: 'domain_registration', domain: com, years: 1 });
    await s.add({ type: 'domain_registration', domain: couk, years: 1 });
    await s.add({ type: 'number', number });
    await signIn(s.agent, email);

    const { body } = await customer(s.agent, 'en-US');
    expect(body.data.cart.items.map((i: any) => i.domain ?? i.number)).toEqual([us, com]);
    expect(body.data.cart.dropped).toEqual([
      {
        type: 'domain_registration',
        label: couk,
        reason: 'Not sold in USD, the currency of your cart.',
      },
      {
        type: 'number',
        label: displayPhoneNumber(number),
        reason: 'Not sold in USD, the currency of your cart.',
      },
    ]);
    // The dropped number is free again.
    const other = await shopper(routes);
    expect((await other.add({ type: 'number', number })).status).toBe(200);
  });

  it('drops a number whose hold ended and keeps a domain both carts have once', async () => {
    const email = await registeredUser(auth, harness.mail, freshEmail('merge3'));
    const both = fresh('com');
    const earlier = await shopper(routes);
    await signIn(earlier.agent, email);
    await earlier.add({ type: 'domain_registration', domain: both, years: 1 });

    const s = await shopper(routes);
    const number = await ukNumber();
    await s.add({ type: 'number', number });
    await s.add({ type: 'domain_registration', domain: both, years: 1 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    await signIn(s.agent, email);
    const { body } = await customer(s.agent);
    expect(body.data.cart.items.map((i: any) => i.domain ?? i.number)).toEqual([both]);
    expect(body.data.cart.dropped).toEqual([
      {
        type: 'number',
        label: displayPhoneNumber(number),
        reason: 'The hold on this number ended, so it could not be kept for you.',
      },
    ]);
  });
});

describe('merge into a nearly full cart', () => {
  it('moves lines while the customer cart has room (100 lines) and drops the rest with the reason', async () => {
    const email = await registeredUser(auth, harness.mail, freshEmail('merge-full'));
    const earlier = await shopper(routes);
    await signIn(earlier.agent, email);
    for (let i = 0; i < 99; i++) {
      const added = await earlier.add({
        type: 'domain_registration',
        domain: fresh('com'),
        years: 1,
      });
      expect(added.status).toBe(200);
    }

    const s = await shopper(routes);
    const [first, second, third] = [fresh('com'), fresh('com'), fresh('com')];
    for (const domain of [first, second, third])
      await s.add({ type: 'domain_registration', domain, years: 1 });
    await signIn(s.agent, email);

    const { body } = await customer(s.agent);
    expect(body.data.cart.items).toHaveLength(100);
    expect(body.data.cart.items.at(-1).domain).toBe(first);
    const reason = 'Your cart holds at most 100 lines, so this one was not added.';
    expect(body.data.cart.dropped).toEqual([
      { type: 'domain_registration', label: second, reason },
      { type: 'domain_registration', label: third, reason },
    ]);
  });
});

describe('PUT /api/vat', () => {
  const put = (agent: Agent, json: unknown) =>
    agent.call(vat.PUT, '/api/vat', { method: 'PUT', json });

  it('keeps the choice in the session (default ex) and keeps the cookie', async () => {
    const s = await shopper(routes);
    expect((await customer(s.agent)).body.data.vat_display).toBe('ex');
    const answer = await put(s.agent, { display: 'inc' });
    expect(answer.status).toBe(200);
    expect(answer.cookies.some((c) => c.startsWith('vat_display=inc;'))).toBe(true);
    s.agent.cookies.delete('vat_display');
    expect((await customer(s.agent)).body.data.vat_display).toBe('inc');
  });

  it('once signed in, keeps it on the account, so another session sees it', async () => {
    const email = await registeredUser(auth, harness.mail, freshEmail('vat'));
    const first = await shopper(routes);
    await signIn(first.agent, email);
    expect((await put(first.agent, { display: 'inc' })).status).toBe(200);
    const second = await shopper(routes);
    await signIn(second.agent, email);
    expect((await customer(second.agent)).body.data.vat_display).toBe('inc');
  });

  it('an account that never chose takes the choice made before signing in', async () => {
    const email = await registeredUser(auth, harness.mail, freshEmail('vat-adopt'));
    const first = await shopper(routes);
    expect((await put(first.agent, { display: 'inc' })).status).toBe(200);
    await signIn(first.agent, email);
    const second = await shopper(routes);
    await signIn(second.agent, email);
    expect((await customer(second.agent)).body.data.vat_display).toBe('inc');
  });

  it.each([{ display: 'gross' }, { display: true }, {}, { display: 'inc', extra: 1 }])(
    'refuses %j with 400',
    async (json) => {
      const s = await shopper(routes);
      const answer = await put(s.agent, json);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    },
  );
});
