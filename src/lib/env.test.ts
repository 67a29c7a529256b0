import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has a default for every variable', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe('pglite:./.data/db');
    expect(env.HOST_OVERRIDE_SECRET).toBeUndefined();
    expect(env.DOMAIN_BRAND_HOSTS).toEqual([
      'nameport.example',
      'preview.nameport.example',
      'nameport.localhost',
      'localhost',
    ]);
    expect(env.TELEPHONY_BRAND_HOSTS).toContain('callwave.localhost');
    expect(env.SENTRY_DSN).toBeUndefined();
    expect(env.SEED_DEMO_STORES).toBe(true);
  });

  it('accepts the three database forms', () => {
    expect(parseEnv({ DATABASE_URL: 'pglite:memory' }).DATABASE_URL).toBe('pglite:memory');
    expect(parseEnv({ DATABASE_URL: 'pglite:/var/lib/store' }).DATABASE_URL).toBe(
      'pglite:/var/lib/store',
    );
    expect(parseEnv({ DATABASE_URL: 'postgres://u@db:5432/shop' }).DATABASE_URL).toContain(
      'postgres://',
    );
  });

  it('names the variable of each bad value', () => {
    expect(problemsOf({ PORT: 'eighty' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL: must be pglite/);
    expect(problemsOf({ HOST_OVERRIDE_SECRET: 'short' })[0]).toMatch(/^HOST_OVERRIDE_SECRET: /);
    expect(problemsOf({ SENTRY_DSN: 'not a url' })[0]).toMatch(/^SENTRY_DSN: /);
    expect(problemsOf({ DOMAIN_BRAND_HOSTS: 'good.example,bad host' })[0]).toMatch(
      /^DOMAIN_BRAND_HOSTS: not a host name: bad host/,
    );
    expect(problemsOf({ TELEPHONY_BRAND_HOSTS: 'localhost' })[0]).toMatch(
      /^TELEPHONY_BRAND_HOSTS: hosts also listed in DOMAIN_BRAND_HOSTS: localhost/,
    );
  });

  it('takes a host name as STORE_HOST_TARGET and names anything else', () => {
    expect(parseEnv({}).STORE_HOST_TARGET).toBeUndefined();
    expect(parseEnv({ STORE_HOST_TARGET: 'shops.example.net' }).STORE_HOST_TARGET).toBe(
      'shops.example.net',
    );
    for (const bad of ['https://shops.example.net', 'shops', 'shops.example.net.', 'a b.example'])
      expect(problemsOf({ STORE_HOST_TARGET: bad })[0], bad).toBe(
        'STORE_HOST_TARGET: must be a host name such as shops.example.net',
      );
  });

  it('takes the Connect endpoint’s webhook secret beside the platform’s', () => {
    expect(
      parseEnv({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_abc123' }).STRIPE_CONNECT_WEBHOOK_SECRET,
    ).toBe('whsec_abc123');
    expect(problemsOf({ STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_test_abc' })[0]).toBe(
      'STRIPE_CONNECT_WEBHOOK_SECRET: must be a webhook signing secret (whsec_...)',
    );
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: '0', DATABASE_URL: 'x', LOG_LEVEL: 'loud' })).toHaveLength(3);
  });

  it('names MAIL_FROM as removed, so a deployment does not silently lose its sender', () => {
    expect(problemsOf({ MAIL_FROM: 'no-reply@nameport.example' })).toEqual([
      expect.stringMatching(/^MAIL_FROM: was removed: each store's mail comes from its mailFrom/),
    ]);
  });

  it('treats an empty secret as no secret', () => {
    expect(parseEnv({ HOST_OVERRIDE_SECRET: '' }).HOST_OVERRIDE_SECRET).toBeUndefined();
  });

  it('refuses a test clock in a production deployment, and only there', () => {
    const production = {
      NODE_ENV: 'production',
      SEED_DEMO_STORES: 'false',
      PAYMENT_PROVIDER: 'manual',
      TEST_CLOCK: 'true',
    };
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^TEST_CLOCK: must not be true in a production deployment/),
    ]);
    expect(parseEnv({ ...production, SEED_DEMO_STORES: 'true' }).TEST_CLOCK).toBe(true);
    expect(parseEnv({ ...production, NODE_ENV: 'test' }).TEST_CLOCK).toBe(true);
    expect(parseEnv({}).TEST_CLOCK).toBe(false);
  });

  it('takes a job queue schema name only when PostgreSQL would', () => {
    expect(parseEnv({}).JOB_SCHEMA).toBe('pgboss');
    expect(parseEnv({ JOB_SCHEMA: 'jobs_7' }).JOB_SCHEMA).toBe('jobs_7');
    expect(problemsOf({ JOB_SCHEMA: 'jobs; drop' })[0]).toMatch(/^JOB_SCHEMA: /);
  });

  it('stops a start without demo stores that names no payment provider', () => {
    expect(problemsOf({ SEED_DEMO_STORES: 'false' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: must be set \(manual or stripe\)/),
    ]);
    expect(
      parseEnv({ SEED_DEMO_STORES: 'false', PAYMENT_PROVIDER: 'manual' }).PAYMENT_PROVIDER,
    ).toBe('manual');
    expect(parseEnv({}).PAYMENT_PROVIDER).toBeUndefined();
    expect(problemsOf({ PAYMENT_PROVIDER: 'cash' })[0]).toMatch(/^PAYMENT_PROVIDER: /);
  });

  it('asks for the Stripe keys when Stripe is the provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be set/),
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: must be set/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: must be set/),
    ]);
    const stripe = parseEnv({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(stripe.STRIPE_API_URL).toBe('http://127.0.0.1:12111');
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_wrong' })[0]).toMatch(/^STRIPE_SECRET_KEY: /);
  });
});
