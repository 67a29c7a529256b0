import { z } from 'zod';

/**
 * Payloads of prices over cost (issue 26, point 4), shared by the routes, the page and the tests.
 * Amounts are net minor units of the site version's currency (pence, cents): integers only.
 * Browser code may import this file.
 */

export const TLD_ACTIONS = ['register', 'renew', 'transfer', 'restore'] as const;
export type TldAction = (typeof TLD_ACTIONS)[number];

/** The most a yearly price or cost may be: 1,000,000.00. */
export const MAX_MINOR = 100_000_000;

const minor = z
  .number({ error: 'must be a whole number of minor units (pence, cents)' })
  .int('must be a whole number of minor units (pence, cents)')
  .min(0, 'must not be negative')
  .max(MAX_MINOR, `must be at most ${MAX_MINOR}`);

const siteVersion = z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' });

export const tldSchema = z
  .string({ error: 'is required' })
  .max(63, 'is too long')
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'must be a TLD in lower-case ASCII, e.g. com or co.uk');

/** One row of `PUT /api/store-admin/prices`: any of the four prices and/or `enabled`. */
export const priceChangeSchema = z
  .strictObject({
    site_version: siteVersion,
    tld: tldSchema,
    register: minor.optional(),
    renew: minor.optional(),
    transfer: minor.optional(),
    restore: minor.optional(),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((c) => TLD_ACTIONS.some((a) => c[a] !== undefined) || c.enabled !== undefined, {
    message: 'must change a price or enabled',
  });
export type PriceChange = z.infer<typeof priceChangeSchema>;

export const pricesPutSchema = z
  .strictObject({
    changes: z.array(priceChangeSchema).min(1, 'must hold a change').max(500),
  })
  .refine(
    (b) => new Set(b.changes.map((c) => `${c.site_version}|${c.tld}`)).size === b.changes.length,
    { message: 'must name each TLD of a site version once', path: ['changes'] },
  );
export type PricesPut = z.infer<typeof pricesPutSchema>;

export const ROUNDINGS = ['49', '99', 'none'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** `POST /api/store-admin/prices/markup`. */
export const markupSchema = z.strictObject({
  site_version: siteVersion,
  /** Whole per cent over cost, 0-1000. */
  percent: z
    .number({ error: 'must be a whole number of per cent' })
    .int('must be a whole number of per cent')
    .min(0, 'must not be negative: prices never go below cost')
    .max(1000, 'must be at most 1000'),
  rounding: z.enum(ROUNDINGS, { error: 'must be 49, 99 or none' }).default('none'),
  /** The TLDs to reprice; absent: every TLD of the site version. */
  tlds: z.array(tldSchema).min(1).max(500).optional(),
  /** Which prices; absent: all four. */
  actions: z.array(z.enum(TLD_ACTIONS)).min(1).max(4).optional(),
});
export type Markup = z.infer<typeof markupSchema>;

/** `GET /api/store-admin/prices?site_version=`. */
export const pricesQuerySchema = z.strictObject({
  site_version: z.enum(['1', '2'], { error: 'must be 1 or 2' }).transform(Number).optional(),
});

/** `PUT /api/admin/costs` (operator). */
export const COST_KINDS = ['tld', 'number_range', 'plan'] as const;
const costRowSchema = z
  .strictObject({
    kind: z.enum(COST_KINDS, { error: `must be one of ${COST_KINDS.join(', ')}` }),
    item: z
      .string({ error: 'is required' })
      .min(1)
      .max(63)
      .regex(/^[a-z0-9][a-z0-9.-]*$/, 'must be a TLD, an area code or a plan id'),
    site_version: siteVersion,
    action: z.enum([...TLD_ACTIONS, 'monthly', 'per_user_monthly'], {
      error: 'must be register, renew, transfer, restore, monthly or per_user_monthly',
    }),
    cost: minor,
  })
  .refine(
    (r) =>
      r.kind === 'tld'
        ? (TLD_ACTIONS as readonly string[]).includes(r.action)
        : r.action === (r.kind === 'plan' ? 'per_user_monthly' : 'monthly'),
    { message: 'does not fit the kind', path: ['action'] },
  );
export const costsPutSchema = z.strictObject({
  costs: z.array(costRowSchema).min(1, 'must hold a cost').max(2000),
});
export type CostsPut = z.infer<typeof costsPutSchema>;
