import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { Agent } from './agent';

export const PASSWORD = 'a checkout test passphrase';
let hash: Promise<string> | undefined;

/** The account and cart calls a signed-in customer makes, loaded after the configuration. */
export async function customerRoutes() {
  const [token, login, customer, cart, cartItem, billing] = await Promise.all([
    import('@/app/api/token/route'),
    import('@/app/api/login/route'),
    import('@/app/api/customer/route'),
    import('@/app/api/cart/route'),
    import('@/app/api/cart/[id]/route'),
    import('@/app/api/account/billing/route'),
  ]);
  return { token, login, customer, cart, cartItem, billing };
}

type Routes = Awaited<ReturnType<typeof customerRoutes>>;

/**
 * An activated customer of a store, made in the database (registration has its own tests), then
 * signed in through the real call: an agent with its session and CSRF token.
 */
export async function signedInCustomer(
  routes: Routes,
  options: {
    host?: string;
    siteVersion?: 1 | 2;
    name?: string;
    /** Joins this account (a team member) instead of making a new one. */
    accountId?: string;
    role?: 'owner' | 'admin' | 'billing' | 'technical' | 'member';
  } = {},
) {
  const { appDb } = await import('@/lib/db/app-db');
  const { hashPassword } = await import('@/features/auth/server/password.server');
  const { insertAccount, insertUser } =
    await import('@/features/auth/server/users-repository.server');
  const { storeService } = await import('@/features/tenancy/server/store-service.server');
  const host = options.host ?? 'nameport.localhost';
  const store = (await storeService().byHost(host))!;
  const db = await appDb();
  const email = `buyer.${randomBytes(6).toString('hex')}@example.com`;
  const name = options.name ?? 'Grace Hopper';
  const accountId = options.accountId ?? (await insertAccount(db, { storeKey: store.key, name }));
  hash ??= hashPassword(PASSWORD);
  const user = await insertUser(db, {
    storeKey: store.key,
    accountId,
    name,
    email,
    role: options.role ?? 'owner',
    passwordHash: await hash,
    emailVerified: true,
    activatedAt: new Date(),
  });
  const agent = new Agent(host);
  const lang = { 'accept-language': options.siteVersion === 2 ? 'en-US' : 'en-GB' };
  await agent.call(routes.token.GET, '/api/token', { headers: lang });
  const signIn = async () => {
    await agent.call(routes.token.GET, '/api/token', { headers: lang });
    const login = await agent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password: PASSWORD, remember_me: false },
      headers: lang,
    });
    expect(login.status).toBe(200);
  };
  await signIn();
  const headers = (extra: Record<string, string> = {}) => ({ ...lang, ...extra });
  return {
    agent,
    email,
    userId: user.id,
    accountId,
    store,
    headers,
    /** Signs in again on the same agent (after the clock moved past the session's end). */
    signIn,
    addToCart: (json: unknown) =>
      agent.call(routes.cart.POST, '/api/cart', { method: 'POST', json, headers: headers() }),
    cart: () => agent.call(routes.cart.GET, '/api/cart', { headers: headers() }),
    getBilling: () =>
      agent.call(routes.billing.GET, '/api/account/billing', { headers: headers() }),
    putBilling: (json: unknown) =>
      agent.call(routes.billing.PUT, '/api/account/billing', {
        method: 'PUT',
        json,
        headers: headers(),
      }),
  };
}

export type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

export const UK_BILLING = {
  name: 'Grace Hopper',
  company: 'Hopper Computing Ltd',
  line1: '10 Downing Street',
  city: 'London',
  postcode: 'sw1a 2aa',
  country: 'gb',
  vat_number: 'GB 123 4567 89',
};

export const US_BILLING = {
  name: 'Grace Hopper',
  line1: '1 Market Street',
  city: 'San Francisco',
  region: 'CA',
  postcode: '94105',
  country: 'US',
};
