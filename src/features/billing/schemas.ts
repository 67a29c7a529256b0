import { z } from 'zod';
import { ONE_LINE, ONE_LINE_MESSAGE } from '@/lib/http/control-characters';
import { isCountryCode } from './countries';
import { usStateCode } from './us-states';

/**
 * Billing details and postal addresses. One address shape for billing details, a
 * domain's registrant and a phone number's address; postcodes are checked for the countries the
 * store sells numbers in (GB, US), other countries by length only; a US address names its state
 * (docs/decisions/0308).
 */

const required = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, ONE_LINE_MESSAGE);

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(ONE_LINE, ONE_LINE_MESSAGE)
    .nullish()
    .transform((v) => v || null);

const UK_POSTCODE = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;
const US_ZIP = /^\d{5}(-\d{4})?$/;

/** A postcode in the form its country uses (UK postcodes upper-cased with their space). */
export function postcodeProblem(country: string, postcode: string): string | null {
  if (country === 'GB' && !UK_POSTCODE.test(postcode))
    return 'must be a UK postcode, e.g. SW1A 1AA';
  if (country === 'US' && !US_ZIP.test(postcode)) return 'must be a US ZIP code, e.g. 94105';
  return null;
}

const UK_VAT = /^GB(\d{9}|\d{12})$/;
const OTHER_VAT = /^[A-Z]{2}[A-Z0-9+*]{2,13}$/;

/**
 * A VAT number's format: a UK one (country GB, or starting GB) is GB and 9 or 12 digits; others
 * are a two-letter prefix and 2 to 13 letters or digits. Spaces are ignored.
 */
export function vatNumberProblem(country: string, vatNumber: string): string | null {
  if (country === 'GB' || vatNumber.startsWith('GB')) {
    return UK_VAT.test(vatNumber) ? null : 'must be a UK VAT number: GB and 9 or 12 digits';
  }
  return OTHER_VAT.test(vatNumber) ? null : 'must start with the country prefix, e.g. IE6388047V';
}

const country = z
  .string({ error: 'is required' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code, e.g. GB');

export const addressFields = {
  line1: required(120),
  line2: optional(120),
  city: required(80),
  region: optional(80),
  postcode: required(20).transform((v) => v.toUpperCase().replace(/\s+/g, ' ')),
  country,
};

/** A US address's state, by its USPS code or its name; other countries' regions are optional. */
export function regionProblem(country: string, region: string | null | undefined): string | null {
  if (country !== 'US') return null;
  if (!region) return 'is required for a US address';
  return usStateCode(region) ? null : 'must be a US state, e.g. CA or California';
}

/** The checks of an address as a whole: its postcode and, in the US, its state. */
export function checkAddress(
  value: { country: string; postcode: string; region?: string | null },
  ctx: z.RefinementCtx,
): void {
  // An empty postcode is refused once, as required, not also as malformed.
  const problem = value.postcode?.trim() ? postcodeProblem(value.country, value.postcode) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['postcode'], message: problem });
  const region = regionProblem(value.country, value.region);
  if (region) ctx.addIssue({ code: 'custom', path: ['region'], message: region });
}

/**
 * An address as it is kept: a US state as its USPS code (California -> CA), a UK postcode with the
 * space before its last three characters (SW1A2AA -> SW1A 2AA), as letters and labels write them.
 */
function asKept<T extends { country: string; region: string | null; postcode: string }>(
  value: T,
): T {
  if (value.country === 'US' && value.region)
    return { ...value, region: usStateCode(value.region) ?? value.region };
  if (value.country === 'GB' && !value.postcode.includes(' '))
    return { ...value, postcode: `${value.postcode.slice(0, -3)} ${value.postcode.slice(-3)}` };
  return value;
}

export const billingSchema = z
  .strictObject({
    name: required(120),
    company: optional(120),
    ...addressFields,
    vat_number: optional(20).transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null)),
  })
  .superRefine((value, ctx) => {
    checkAddress(value, ctx);
    if (value.vat_number) {
      const problem = vatNumberProblem(value.country, value.vat_number);
      if (problem) ctx.addIssue({ code: 'custom', path: ['vat_number'], message: problem });
    }
  })
  .transform(asKept);

/** Billing details as the API answers them and orders keep them. */
export type BillingDetails = z.output<typeof billingSchema>;
export type BillingInput = z.input<typeof billingSchema>;

/** A postal address (a number's address); `name` is who lives or trades there. */
export const addressSchema = z
  .strictObject({ name: optional(120), ...addressFields })
  .superRefine(checkAddress)
  .transform(asKept);

export type Address = z.output<typeof addressSchema>;
