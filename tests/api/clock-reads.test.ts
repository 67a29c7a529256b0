import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { registeredUser, signedIn } from '../support/auth-flows';
import { ownDatabase } from '../support/own-database';

// What the server reads as "now" is the product's clock everywhere (docs/decisions/0151): on a
// test deployment whose clock was moved, what a browser is told follows the moved time.
// The clock moves days ahead here: the jobs and the session sweep it runs would reach other
// files' rows in the PostgreSQL lane's shared database.
await ownDatabase();
process.env.TEST_CLOCK = 'true';
const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { advanceClock, DAY_MS } = await import('@/lib/clock');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

describe('the session cookie on a moved clock', () => {
  it('lives the 30 days a remembered session has, counted from the product’s time', async () => {
    const email = await registeredUser(routes, mail, freshEmail('clock-cookie'));
    advanceClock(40 * DAY_MS);
    const remembered = await signedIn(routes, email, { remember: true });
    const sid = remembered.answer.cookies.find((c) => c.startsWith('sid=')) ?? '';
    const maxAge = Number(/Max-Age=(\d+)/i.exec(sid)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86_400);
  });
});
