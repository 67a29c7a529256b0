import { z } from 'zod';
import { DEFAULT_SERVER_HEAP_MB } from '../../scripts/server-heap.mjs';

/**
 * The product's whole configuration. Every variable is listed in README with its default; no
 * other module reads `process.env`. `parseEnv` is pure so tests can try any combination;
 * `getEnv` parses the process environment once.
 */

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const hostList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const hosts = value
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      const bad = hosts.filter((h) => !HOSTNAME.test(h));
      if (hosts.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'must list at least one host name' });
      }
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `not a host name: ${bad.join(', ')}` });
      }
      return hosts;
    });

const databaseUrl = z
  .string()
  .default('pglite:./.data/db')
  .refine((v) => /^pglite:.+$/.test(v) || /^postgres(ql)?:\/\/[^\s]+$/.test(v), {
    message: 'must be pglite:<dir>, pglite:memory or postgres://user@host:port/database',
  });

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: databaseUrl,
    HOST_OVERRIDE_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(16, 'must be at least 16 characters when set').optional(),
    ),
    DOMAIN_BRAND_HOSTS: hostList(
      'nameport.example,preview.nameport.example,nameport.localhost,localhost',
    ),
    TELEPHONY_BRAND_HOSTS: hostList('callwave.example,preview.callwave.example,callwave.localhost'),
    ADMIN_API_TOKEN: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'must be at least 32 characters when set').optional(),
    ),
    SENTRY_DSN: z.preprocess(emptyAsUndefined, z.url('must be a URL').optional()),
    /**
     * Read by scripts/server-heap.mjs for the server's --max-old-space-size (`npm start` and each
     * cluster instance); checked here with the rest.
     */
    SERVER_MAX_OLD_SPACE_MB: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(128).max(16_384).default(DEFAULT_SERVER_HEAP_MB),
    ),
    STORE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    SEED_DEMO_STORES: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    // Accounts. See README "Configuration".
    AUTH_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'must be at least 32 characters when set').optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://host:port or smtps://user:pass@host:port')
        .optional(),
    ),
    // Each store sends from its own address now (docs/decisions/0091): a leftover setting is named.
    MAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z
        .undefined({
          error:
            "was removed: each store's mail comes from its mailFrom variable or no-reply@ its domain",
        })
        .optional(),
    ),
    SMS_URL: z.preprocess(emptyAsUndefined, z.url('must be a URL').optional()),
    STORE_LINK_SCHEME: z.enum(['https', 'http']).default('https'),
    STORE_LINK_PORT: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    GOOGLE_JWKS_URL: z.url('must be a URL').default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: z
      .string()
      .default('https://accounts.google.com,accounts.google.com')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    CTD_CLIENT_IDS: z
      .string()
      .default('callwave-desktop')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    // Rate-limit counters, and store changes announced to the other instances (store-sync).
    REDIS_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^rediss?:\/\/[^\s]+$/, 'must be redis://host:port')
        .optional(),
    ),
    // Store hosts verified by DNS (issue 26 point 5): resolvers as host:port, comma-separated;
    // empty = the system's. TLS_ASK_SECRET guards GET /api/tls/ask (docs/decisions/0215).
    DNS_RESOLVERS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[0-9a-fA-F:.\[\]]+(,[0-9a-fA-F:.\[\]]+)*$/, 'must be ip:port,ip:port')
        .optional()
        .transform((v) => (v ? v.split(',').map((s) => s.trim()) : [])),
    ),
    // Where a store's own host points (a CNAME target), shown on the admin's hosts page
    // (docs/decisions/0270); unset: the page says to ask the operator.
    STORE_HOST_TARGET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/,
          'must be a host name such as shops.example.net',
        )
        .optional(),
    ),
    TLS_ASK_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(16, 'must be at least 16 characters when set').optional(),
    ),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
    RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(1000).default(1),
    // Read by scripts/serve.mjs (benchmarks): print the event loop's delay every N ms; 0 = off.
    EVENT_LOOP_STATS_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // Catalog. See README "Configuration" and docs/decisions/0030.
    AVAILABILITY_PROVIDER: z
      .enum(['registry', 'rdap'], { error: 'must be registry or rdap' })
      .default('registry'),
    RDAP_BASE_URL: z.preprocess(emptyAsUndefined, z.url('must be a URL').optional()),
    // An RFC 9224 bootstrap file read instead of the shipped copy (docs/decisions/0299).
    RDAP_BOOTSTRAP_FILE: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[^\u0000-\u001f\u007f]+$/, 'must be a file path')
        .optional(),
    ),
    AVAILABILITY_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1_500),
    AVAILABILITY_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    // DNS hosting on PowerDNS (issue 28, docs/decisions/0200): unset URL = hosting off.
    PDNS_API_URL: z.preprocess(emptyAsUndefined, z.url('must be a URL').optional()),
    PDNS_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    PDNS_SERVER_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be a PowerDNS server id')
      .default('localhost'),
    // Work that runs later (docs/decisions/0040) and the product clock (0042).
    JOB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,49}$/, 'must be a lower-case PostgreSQL schema name')
      .default('pgboss'),
    TEST_CLOCK: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    // Payments (docs/decisions/0062). Unset: `demo` while demo stores are seeded.
    PAYMENT_PROVIDER: z.preprocess(
      emptyAsUndefined,
      z.enum(['demo', 'manual', 'stripe'], { error: 'must be demo, manual or stripe' }).optional(),
    ),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
          'must be a Stripe secret key (sk_... or rk_...)',
        )
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_...)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_...)')
        .optional(),
    ),
    // The signing secret of the Connect webhook endpoint (events of stores' own accounts); Stripe
    // gives it its own secret, apart from the platform endpoint's (docs/decisions/0271).
    STRIPE_CONNECT_WEBHOOK_SECRET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_...)')
        .optional(),
    ),
    STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url('must be a URL').optional()),
    STRIPE_JS_URL: z.url('must be a URL').default('https://js.stripe.com/v3/'),
  })
  .superRefine((env, ctx) => {
    const overlap = env.DOMAIN_BRAND_HOSTS.filter((h) => env.TELEPHONY_BRAND_HOSTS.includes(h));
    if (overlap.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEPHONY_BRAND_HOSTS'],
        message: `hosts also listed in DOMAIN_BRAND_HOSTS: ${overlap.join(', ')}`,
      });
    }
    // A movable clock is for test and demo deployments; a real one (no demo stores) refuses it.
    if (env.TEST_CLOCK && env.NODE_ENV === 'production' && !env.SEED_DEMO_STORES) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message:
          "must not be true in a production deployment (NODE_ENV=production with SEED_DEMO_STORES=false): it lets an operator move the product's time",
      });
    }
    if (!env.PAYMENT_PROVIDER && !env.SEED_DEMO_STORES) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'must be set (manual or stripe) when SEED_DEMO_STORES=false: the demo provider takes no money',
      });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const name of [
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must be set when PAYMENT_PROVIDER=stripe',
          });
        }
      }
    }
  });

export type Env = z.infer<typeof schema>;

/** The payment provider in force: the configured one, else `demo` (only with demo stores). */
export function paymentProviderOf(env: Env): 'demo' | 'manual' | 'stripe' {
  return env.PAYMENT_PROVIDER ?? 'demo';
}

export class EnvError extends Error {
  readonly code = 'invalid_configuration';

  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses a set of variables; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
