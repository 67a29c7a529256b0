import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent';
import { authRoutes, freshEmail, startAuthHarness } from './auth-harness';
import { readyAgent, registeredUser, signedIn } from './auth-flows';

/**
 * The credential rate limits through the real calls, on whichever store the configuration
 * picks (database by default, Redis with REDIS_URL). Call at the top level of a test file.
 */
export async function rateLimitSuite(lane: string, redisUrl?: string) {
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  const harness = await startAuthHarness();
  const { mail } = harness;
  const routes = await authRoutes();
  const { appDb } = await import('@/lib/db/app-db');
  const { rateLimits } = await import('@/lib/db/schema');
  const { accountKey } = await import('@/features/auth/server/limits.server');
  const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

  beforeAll(async () => {
    await seedDemoData(await appDb(), { demoStores: true });
  });
  afterAll(() => harness.close());

  const login = (agent: Agent, email: string, password = 'wrong password 1') =>
    agent.call(routes.login.POST, '/api/login', { method: 'POST', json: { email, password } });

  describe(`rate limits on ${lane}`, () => {
    it('lets exactly 20 of 50 parallel sign-ins from one address through, then 429 with Retry-After', async () => {
      const agent = await readyAgent(routes);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => login(agent, freshEmail('burst'))),
      );
      const limited = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(20);
      expect(limited).toHaveLength(30);
      for (const a of limited) {
        expect(a.body.error.code).toBe('rate_limited');
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(a.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      }
    });

    it('throttles one account after 10 attempts from 50 addresses', async () => {
      const email = freshEmail('target');
      const agents = await Promise.all(Array.from({ length: 50 }, () => readyAgent(routes)));
      const answers = await Promise.all(agents.map((agent) => login(agent, email)));
      expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(40);
    });

    it('counts an address in any case as the same account', async () => {
      const email = freshEmail('case');
      const agent = await readyAgent(routes);
      for (let i = 0; i < 10; i++)
        await login(await readyAgent(routes), i % 2 ? email.toUpperCase() : email);
      expect((await login(agent, email)).status).toBe(429);
    });

    it('limits forgot-password and registration per address and per account', async () => {
      const agent = await readyAgent(routes);
      const forgot = await Promise.all(
        Array.from({ length: 50 }, () =>
          agent.call(routes.forgot.POST, '/api/forgot-password', {
            method: 'POST',
            json: { email: freshEmail('f') },
          }),
        ),
      );
      expect(forgot.filter((a) => a.status === 202)).toHaveLength(10);
      expect(forgot.filter((a) => a.status === 429)).toHaveLength(40);

      const email = freshEmail('reg');
      const registrations = await Promise.all(
        Array.from({ length: 10 }, async () =>
          (await readyAgent(routes)).call(routes.account.POST, '/svc/account', {
            method: 'POST',
            json: { name: 'R', email, password: 'long enough passphrase' },
          }),
        ),
      );
      expect(registrations.filter((a) => a.status === 202)).toHaveLength(3);
      expect(registrations.filter((a) => a.status === 429)).toHaveLength(7);
    });

    it('never locks an account for good: the count ends with its window', async () => {
      const email = await registeredUser(routes, mail, freshEmail('window'));
      for (let i = 0; i < 10; i++) await login(await readyAgent(routes), email);
      const blocked = await signedIn(routes, email);
      expect(blocked.answer.status).toBe(429);
      // A window ending is this account's counter expiring; the other files running on the
      // same database or Redis keep theirs.
      const key = `rl:login:account:${accountKey('nameport', email)}`;
      if (redisUrl) {
        const { Redis } = await import('ioredis');
        const redis = new Redis(redisUrl);
        expect(await redis.del(key)).toBe(1);
        await redis.quit();
      } else {
        const expired = await (
          await appDb()
        )
          .update(rateLimits)
          .set({ expire: new Date(Date.now() - 1000) })
          .where(eq(rateLimits.key, key))
          .returning();
        expect(expired).toHaveLength(1);
      }
      expect((await signedIn(routes, email)).answer.status).toBe(200);
    });

    it('keeps its counters away from the request: the key of an account is a hash, not the address', async () => {
      const email = `${randomBytes(4).toString('hex')}.secret@example.com`;
      await login(await readyAgent(routes), email);
      if (!redisUrl) {
        const rows = await (await appDb()).select().from(rateLimits);
        expect(rows.some((r) => r.key.includes('secret@example.com'))).toBe(false);
      } else {
        const { Redis } = await import('ioredis');
        const redis = new Redis(redisUrl);
        expect((await redis.keys('*secret@example.com*')).length).toBe(0);
        await redis.quit();
      }
    });
  });
}
