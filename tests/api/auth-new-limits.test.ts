import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';

/**
 * Every new credential path has a rate limit. Limits are scaled down to
 * three tenths here (RATE_LIMIT_SCALE) so each is met in a few calls; every refusal is 429 with
 * Retry-After.
 */
process.env.RATE_LIMIT_SCALE = '0.3';
const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const token = await import('@/app/api/oauth/token/route');
const revoke = await import('@/app/api/oauth/revoke/route');
const passkeyOptions = await import('@/app/api/passkey/options/route');
const emailRoute = await import('@/app/api/account/email/route');
const { appDb } = await import('@/lib/db/app-db');
const { waitInWords } = await import('@/lib/rate-limit/limiter');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

/** Calls `call` until it answers 429; answers the statuses and the last answer. */
async function untilLimited(
  call: () => Promise<{ status: number; headers: Headers; body?: unknown }>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const answer = await call();
    statuses.push(answer.status);
    if (answer.status === 429) {
      const wait = Number(answer.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      // The message says how long, as Retry-After does.
      expect((answer.body as { error: { message: string } }).error.message).toBe(
        `Too many attempts. Try again in ${waitInWords(wait)}.`,
      );
      return statuses;
    }
  }
  return statuses;
}

describe('rate limits of the new sign-in paths', () => {
  it('limit the token endpoint, revocation and failed bearer tokens per address', async () => {
    const agent = await readyAgent(routes);
    const tokenCalls = await untilLimited(() =>
      agent.call(token.POST, '/api/oauth/token', {
        method: 'POST',
        json: {
          grant_type: 'refresh_token',
          refresh_token: 'A'.repeat(43),
          client_id: 'callwave-desktop',
        },
        csrf: false,
      }),
    );
    expect(tokenCalls).toEqual([...Array(9).fill(400), 429]);

    const revokes = await untilLimited(() =>
      agent.call(revoke.POST, '/api/oauth/revoke', {
        method: 'POST',
        json: { token: 'B'.repeat(43) },
        csrf: false,
      }),
    );
    expect(revokes).toEqual([...Array(9).fill(200), 429]);

    const bearers = await untilLimited(() =>
      agent.call(routes.customer.GET, '/api/customer', {
        headers: { authorization: `Bearer ${'C'.repeat(43)}` },
      }),
    );
    expect(bearers).toEqual([...Array(9).fill(401), 429]);
  });

  it('limit passkey sign-ins per address', async () => {
    const agent = await readyAgent(routes);
    const calls = await untilLimited(() =>
      agent.call(passkeyOptions.POST, '/api/passkey/options', {
        method: 'POST',
        headers: { origin: 'http://nameport.localhost' },
      }),
    );
    expect(calls).toEqual([...Array(18).fill(200), 429]);
  });

  it('limit texts to a phone being set up, and e-mail changes, per account', async () => {
    const email = await registeredUser(routes, mail, freshEmail('limits'));
    const { agent } = await signedIn(routes, email);
    // A number of this test's own: the PostgreSQL lane shares one outbox between the files.
    const phone = `+4477008${String(Date.now()).slice(-5)}`;
    const texts = await untilLimited(() =>
      agent.call(routes.phone.POST, '/api/account/phone', {
        method: 'POST',
        json: { password: PASSWORD, phone },
      }),
    );
    expect(texts).toEqual([202, 202, 429]);
    const other = await signedIn(routes, await registeredUser(routes, mail, freshEmail('mover')));
    const changes = await untilLimited(() =>
      other.agent.call(emailRoute.POST, '/api/account/email', {
        method: 'POST',
        json: { password: PASSWORD, email: freshEmail('moved') },
      }),
    );
    expect(changes).toEqual([202, 202, 429]);
  });
});
