import { z } from 'zod';

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
    SENTRY_DSN: z.preprocess(emptyAsUndefined, z.url('must be a URL').optional()),
    STORE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    SEED_DEMO_STORES: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
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
  });

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
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
