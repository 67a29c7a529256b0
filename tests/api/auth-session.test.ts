import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { sessions } = await import('@/lib/db/schema');
const { hashToken } = await import('@/lib/security/tokens');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const siteVersion = await import('@/app/api/site-version/route');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const setCookie = (cookies: string[], name: string) =>
  cookies.find((c) => c.startsWith(`${name}=`)) ?? '';

describe('GET /api/token', () => {
  it('gives an anonymous visitor a session and a CSRF token bound to it', async () => {
    const agent = new Agent();
    const answer = await agent.call(routes.token.GET, '/api/token');
    expect(answer.status).toBe(200);
    const sid = setCookie(answer.cookies, 'sid');
    expect(sid).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=lax/i);
    expect(sid).not.toMatch(/Max-Age|Expires/i);
    const xsrf = setCookie(answer.cookies, 'XSRF-TOKEN');
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(answer.body.data.token).toBe(agent.cookies.get('XSRF-TOKEN'));
    // Nobody is signed in: no hint for the page header.
    expect(agent.cookies.has('signed_in')).toBe(false);
    // Only the hash of the id is stored.
    const id = agent.cookies.get('sid')!;
    const db = await appDb();
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(id))),
    ).toHaveLength(1);
  });

  it('answers the same token again for the same session', async () => {
    const agent = new Agent();
    const first = await agent.call(routes.token.GET, '/api/token');
    const again = await agent.call(routes.token.GET, '/api/token');
    expect(again.body.data.token).toBe(first.body.data.token);
    expect(agent.cookies.get('sid')).toBe(setCookie(first.cookies, 'sid').split(/[=;]/)[1]);
  });

  it('uses a __Host- Secure cookie over HTTPS', async () => {
    const { apiRequest } = await import('../support/requests');
    const { NextRequest } = await import('next/server');
    const plain = apiRequest('/api/token');
    const response = await routes.token.GET(
      new NextRequest('https://nameport.localhost/api/token', { headers: plain.headers }),
      undefined as never,
    );
    const sid = setCookie(response.headers.getSetCookie(), '__Host-sid');
    expect(sid).toMatch(/Secure/);
    expect(sid).toMatch(/Path=\//);
    expect(sid).not.toMatch(/Domain=/i);
  });
});

describe('CSRF on unsafe calls', () => {
  const login = (agent: Agent, extra: { csrf?: boolean; headers?: Record<string, string> } = {}) =>
    agent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'whatever1' },
      ...extra,
    });

  it('refuses a call without the X-XSRF-TOKEN header', async () => {
    const agent = await readyAgent(routes);
    const answer = await login(agent, { csrf: false });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('csrf_mismatch');
  });

  it('refuses a call without any session', async () => {
    const answer = await login(new Agent());
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('csrf_mismatch');
  });

  it('refuses the token of another session', async () => {
    const mine = await readyAgent(routes);
    const other = await readyAgent(routes);
    const answer = await login(mine, {
      headers: { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN')! },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('csrf_mismatch');
  });

  it('refuses a header that does not match the cookie', async () => {
    const agent = await readyAgent(routes);
    agent.cookies.set('XSRF-TOKEN', 'x'.repeat(43));
    const answer = await login(agent);
    expect(answer.status).toBe(403);
  });

  it('refuses a cross-site Origin even with the right token', async () => {
    const agent = await readyAgent(routes);
    for (const origin of ['https://evil.example', 'null', 'http://acme.localhost']) {
      const answer = await login(agent, { headers: { origin } });
      expect(answer.status, origin).toBe(403);
      expect(answer.body.error.code).toBe('csrf_mismatch');
    }
    const fetchSite = await login(agent, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.status).toBe(403);
  });

  it('lets a same-site call with the matching token through', async () => {
    const agent = await readyAgent(routes);
    const answer = await login(agent, { headers: { origin: 'http://nameport.localhost' } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('invalid_credentials');
  });

  it('covers PUT /api/site-version', async () => {
    const bare = await new Agent().call(siteVersion.PUT, '/api/site-version', {
      method: 'PUT',
      json: { id: 2 },
    });
    expect(bare.status).toBe(403);
    expect(bare.body.error.code).toBe('csrf_mismatch');
    const agent = await readyAgent(routes);
    const ok = await agent.call(siteVersion.PUT, '/api/site-version', {
      method: 'PUT',
      json: { id: 2 },
    });
    expect(ok.status).toBe(200);
  });

  it('changes no state on GET', async () => {
    const agent = await readyAgent(routes);
    const get = await agent.call(routes.login.GET, '/api/login');
    expect(get.status).toBe(405);
  });
});

describe('GET /api/customer', () => {
  it('answers an anonymous visitor with no user and an empty cart, and makes the session', async () => {
    const agent = new Agent();
    const answer = await agent.call(routes.customer.GET, '/api/customer');
    expect(answer.status).toBe(200);
    // The cart is the real (empty) cart: same shape as GET /api/cart.
    expect(answer.body.data.user).toBeNull();
    expect(answer.body.data.cart).toMatchObject({
      id: null,
      items: [],
      totals: { due_today: { net: 0, vat: 0, gross: 0 } },
    });
    expect(answer.body.data.vat_display).toBe('ex');
    expect(agent.cookies.get('sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('sessions over a sign-in', () => {
  it('replaces the session id on sign-in and ends the session on sign-out', async () => {
    const email = await registeredUser(routes, mail, freshEmail('rotate'), {
      name: 'Grace Hopper',
    });
    const agent = await readyAgent(routes);
    const before = agent.cookies.get('sid')!;
    const answer = await agent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toMatchObject({
      name: 'Grace Hopper',
      email,
      role: 'owner',
      second_factor: false,
    });
    expect(answer.body.data.user).not.toHaveProperty('password_hash');
    const after = agent.cookies.get('sid')!;
    expect(after).not.toBe(before);

    // The pre-login id no longer names anything.
    const stale = new Agent();
    stale.cookies.set('sid', before);
    expect((await stale.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();

    const me = await agent.call(routes.customer.GET, '/api/customer');
    expect(me.body.data.user.email).toBe(email);

    const copy = new Agent();
    copy.cookies.set('sid', after);
    expect(agent.cookies.get('signed_in')).toBe('1');
    const out = await agent.call(routes.logout.POST, '/api/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(agent.cookies.has('sid')).toBe(false);
    expect(agent.cookies.has('signed_in')).toBe(false);
    // A copy of the old cookie is worth nothing after sign-out: the server ended the session.
    expect((await copy.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();
  });

  it('keeps a remembered session 30 days and a plain one for the browser session', async () => {
    const email = await registeredUser(routes, mail, freshEmail('remember'));
    const remembered = await signedIn(routes, email, { remember: true });
    const sid = setCookie(remembered.answer.cookies, 'sid');
    const maxAge = Number(/Max-Age=(\d+)/i.exec(sid)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86_400);
    // The header's hint lasts as long as the session, so a restarted browser still has it.
    const hint = setCookie(remembered.answer.cookies, 'signed_in');
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/i.exec(hint)?.[1])).toBe(maxAge);
    const plain = await signedIn(routes, email);
    expect(setCookie(plain.answer.cookies, 'sid')).not.toMatch(/Max-Age|Expires/i);
    expect(setCookie(plain.answer.cookies, 'signed_in')).toMatch(/^signed_in=1;/);
    expect(setCookie(plain.answer.cookies, 'signed_in')).not.toMatch(/Max-Age|Expires/i);
  });

  it('ends a plain session after 24 hours idle and after 7 days in any case', async () => {
    const email = await registeredUser(routes, mail, freshEmail('idle'));
    const db = await appDb();
    const idle = await signedIn(routes, email);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(sessions.tokenHash, hashToken(idle.agent.cookies.get('sid')!)));
    expect((await idle.agent.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();

    const old = await signedIn(routes, email);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(old.agent.cookies.get('sid')!)));
    expect((await old.agent.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();

    const remembered = await signedIn(routes, email, { remember: true });
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(eq(sessions.tokenHash, hashToken(remembered.agent.cookies.get('sid')!)));
    expect(
      (await remembered.agent.call(routes.customer.GET, '/api/customer')).body.data.user.email,
    ).toBe(email);
  });

  it('does not carry a session from one store to another', async () => {
    const email = await registeredUser(routes, mail, freshEmail('store'));
    const { agent } = await signedIn(routes, email);
    const elsewhere = new Agent('acme.localhost');
    elsewhere.cookies.set('sid', agent.cookies.get('sid')!);
    expect((await elsewhere.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();
  });
});

describe('registration', () => {
  it('replaces the session id, for a free and a taken address alike', async () => {
    const taken = await registeredUser(routes, mail, freshEmail('rot-taken'));
    for (const email of [freshEmail('rot-free'), taken]) {
      const agent = await readyAgent(routes);
      const before = agent.cookies.get('sid');
      const answer = await agent.call(routes.account.POST, '/svc/account', {
        method: 'POST',
        json: { name: 'Rotated', email, password: PASSWORD },
      });
      expect(answer.status).toBe(202);
      expect(agent.cookies.get('sid')).not.toBe(before);
      const stale = new Agent();
      stale.cookies.set('sid', before!);
      // The old id names nothing now: the server answers it with a new session.
      await stale.call(routes.token.GET, '/api/token');
      expect(stale.cookies.get('sid')).not.toBe(before);
    }
  });
});
