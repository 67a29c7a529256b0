import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js';
import { addressSchema } from '@/features/billing/schemas';

/**
 * PATCH /api/services/{id} bodies, one per service type: each refuses a
 * field that is not its type's, so a typo never passes silently. Shared by the route and pages.
 */

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A name server's host name, IDN allowed: answered in its ASCII (punycode) form, or null when it
 * is not a host name of at least two labels.
 */
export function nameserverHost(input: string): string | null {
  const trimmed = input.trim().replace(/\.$/, '');
  if (trimmed.length === 0 || trimmed.length > 253) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${trimmed}`).hostname;
  } catch {
    return null;
  }
  if (ascii !== ascii.toLowerCase() || /^[\d.]+$/.test(ascii)) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) return null;
  if (/^\d+$/.test(labels.at(-1)!)) return null;
  return ascii;
}

const nameservers = z
  .array(z.string().max(253, 'must be a host name'), { error: 'must be a list of host names' })
  .min(2, 'must be 2 to 13 host names')
  .max(13, 'must be 2 to 13 host names')
  .transform((list, ctx) => {
    const out: string[] = [];
    list.forEach((entry, i) => {
      const host = nameserverHost(entry);
      if (!host) {
        ctx.addIssue({
          code: 'custom',
          path: [i],
          message: `“${entry}” is not a host name like ns1.example.com`,
        });
      } else if (out.includes(host)) {
        ctx.addIssue({ code: 'custom', path: [i], message: `${host} is listed twice` });
      } else {
        out.push(host);
      }
    });
    return out;
  });

const autoRenew = z.boolean({ error: 'must be true or false' });

export const domainPatchSchema = z
  .strictObject({
    auto_renew: autoRenew,
    nameservers,
    locked: z.boolean({ error: 'must be true or false' }),
  })
  .partial();

const SIP_URI = /^sips?:[A-Za-z0-9._~!$&'()*+,;=%-]{1,64}@([A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;

/**
 * Where calls go: an E.164 number valid for its country (national input is read in the number's
 * own country), or a SIP URI with a real host name. Answered normalised, or null when neither.
 */
export function forwardTarget(input: string, country: CountryCode): string | null {
  const value = input.trim();
  const sip = SIP_URI.exec(value);
  if (sip) return nameserverHost(sip[1]!) ? value : null;
  try {
    if (!isValidPhoneNumber(value, country)) return null;
    return parsePhoneNumberWithError(value, country).number;
  } catch {
    return null;
  }
}

/** Numbers' settings; `forward_to` is checked against the number's country by the service. */
export const numberPatchSchema = z
  .strictObject({
    auto_renew: autoRenew,
    cancel_at_period_end: z.boolean({ error: 'must be true or false' }),
    forward_to: z.string().max(300, 'must be a phone number or a SIP address').nullable(),
    label: z.string().trim().max(60, 'must be at most 60 characters'),
    ring_seconds: z
      .number({ error: 'must be a whole number of seconds from 5 to 120' })
      .int('must be a whole number of seconds from 5 to 120')
      .min(5, 'must be a whole number of seconds from 5 to 120')
      .max(120, 'must be a whole number of seconds from 5 to 120'),
    voicemail_email: z
      .email('must look like name@example.com')
      .max(254, 'must be at most 254 characters')
      .nullable(),
    emergency_address: addressSchema,
  })
  .partial();

export const planPatchSchema = z
  .strictObject({
    auto_renew: autoRenew,
    cancel_at_period_end: z.boolean({ error: 'must be true or false' }),
    seats: z
      .array(z.uuid('must be a team member’s id'), { error: 'must be a list of team member ids' })
      .max(1000),
    seat_count: z
      .number({ error: 'must be a whole number of seats' })
      .int('must be a whole number of seats')
      .min(1, 'must be at least 1'),
  })
  .partial();

export const transferPatchSchema = z.strictObject({ auto_renew: autoRenew }).partial();

export type DomainPatch = z.output<typeof domainPatchSchema>;
export type NumberPatch = z.output<typeof numberPatchSchema>;
export type PlanPatch = z.output<typeof planPatchSchema>;
export type ServicePatch = DomainPatch | NumberPatch | PlanPatch;

export const authCodeBodySchema = z.strictObject({
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024),
});

export const releaseBodySchema = z.strictObject({
  confirm: z.string({ error: 'type the number to confirm' }).max(40),
});
