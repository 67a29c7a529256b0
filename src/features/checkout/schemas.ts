import { z } from 'zod';
import { addressSchema, checkAddress } from '@/features/billing/schemas';
import { isCountryCode } from '@/features/billing/countries';
import { ONE_LINE, ONE_LINE_MESSAGE } from '@/lib/http/control-characters';

/** The checkout's payloads, shared by the route, the pages and the tests. */

/** .us registrants declare their nexus with the United States (usTLD Nexus Requirements). */
export const US_NEXUS_CATEGORIES = {
  C11: 'A US citizen',
  C12: 'A permanent resident of the US',
  C21: 'A US organisation or company',
  C31: 'A foreign organisation that regularly trades in the US',
  C32: 'A foreign organisation with an office or property in the US',
} as const;
export type UsNexusCategory = keyof typeof US_NEXUS_CATEGORIES;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, ONE_LINE_MESSAGE)
    .nullish()
    .transform((v) => v || undefined);

/**
 * The registrant of the order's domains: the billing details unless a field is given here, plus
 * what a TLD requires (.us: the nexus category).
 */
export const registrantSchema = z.strictObject({
  name: optionalText(120),
  company: optionalText(120),
  line1: optionalText(120),
  line2: optionalText(120),
  city: optionalText(80),
  region: optionalText(80),
  postcode: optionalText(20),
  country: optionalText(2)
    .transform((v) => v?.toUpperCase())
    .refine(
      (v) => v === undefined || isCountryCode(v),
      'must be an ISO 3166-1 alpha-2 country code',
    ),
  us_nexus_category: z
    .enum(Object.keys(US_NEXUS_CATEGORIES) as [UsNexusCategory, ...UsNexusCategory[]], {
      error: `must be one of ${Object.keys(US_NEXUS_CATEGORIES).join(', ')}`,
    })
    .optional(),
});

export const orderBodySchema = z.strictObject({
  cart_version: z
    .number({ error: 'must be the version of the cart you confirm' })
    .int('must be the version of the cart you confirm')
    .min(1, 'must be the version of the cart you confirm'),
  accept_terms: z.literal(true, { error: 'must be true: accept the terms to place the order' }),
  registrant: registrantSchema.optional(),
  /** An address per phone number line, by the cart line's id, in the number's country. */
  number_addresses: z.record(z.string().max(64), addressSchema).optional(),
  save_payment_method: z.boolean().default(false),
});

export type OrderBody = z.output<typeof orderBodySchema>;
export type OrderBodyInput = z.input<typeof orderBodySchema>;

export { addressSchema, checkAddress };
