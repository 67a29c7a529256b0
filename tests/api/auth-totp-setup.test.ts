import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, registeredUser, signedIn } from '../support/auth-flows';
import { ownDatabase } from '../support/own-database';

// A setup of the authenticator app survives a reload of its page (docs/decisions/0303). The
// clock moves past a setup's ten minutes here, so this file has a database of its own.
await ownDatabase();
process.env.TEST_CLOCK = 'true';
const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { advanceClock, now } = await import('@/lib/clock');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

/** The app's code now, by the product's clock. */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: now().getTime(),
  });

const start = async (agent: Agent) => {
  const answer = await agent.call(routes.totp.POST, '/api/account/totp', {
    method: 'POST',
    json: { password: PASSWORD },
  });
  expect(answer.status).toBe(200);
  return answer.body.data as { secret: string; otpauth_uri: string; setup_token: string };
};

const finish = (agent: Agent, setupToken: string, code: string) =>
  agent.call(routes.totp.PUT, '/api/account/totp', {
    method: 'PUT',
    json: { setup_token: setupToken, code },
  });

describe('setting up the authenticator app', () => {
  it('shows the same secret when the setup page is loaded again, and either page finishes it', async () => {
    const email = await registeredUser(routes, mail, freshEmail('totp-reload'));
    const { agent } = await signedIn(routes, email);
    const first = await start(agent);
    const again = await start(agent);
    expect(again.secret).toBe(first.secret);
    expect(again.otpauth_uri).toBe(first.otpauth_uri);
    // The app scanned the first page's code; the reloaded page takes the app's code.
    const on = await finish(agent, again.setup_token, codeOf(first.secret));
    expect(on.status).toBe(200);
    expect(on.body.data.backup_codes).toHaveLength(10);
    // Turned off and set up once more, the app gets a new secret, not the old setup's.
    const off = await agent.call(routes.totp.DELETE, '/api/account/totp', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(off.status).toBe(200);
    expect((await start(agent)).secret).not.toBe(first.secret);
  });

  it('starts a new secret once the ten minutes of a setup are over, and the old page says so', async () => {
    const email = await registeredUser(routes, mail, freshEmail('totp-lapsed'));
    const { agent } = await signedIn(routes, email);
    const first = await start(agent);
    advanceClock(10 * 60_000 + 1_000);
    const late = await finish(agent, first.setup_token, codeOf(first.secret));
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('setup_expired');
    const fresh = await start(agent);
    expect(fresh.secret).not.toBe(first.secret);
    expect((await finish(agent, fresh.setup_token, codeOf(fresh.secret))).status).toBe(200);
  });
});
