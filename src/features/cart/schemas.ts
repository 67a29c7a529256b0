import { z } from 'zod';

/**
 * Cart payloads (docs/contract/calls.md). Prices are never part of them: the server prices every
 * line from the catalog. `version` (or an If-Match header) makes a change conditional on the cart
 * the client last saw.
 */

const years = z
  .number({ error: 'a whole number of years, 1-10' })
  .int('a whole number of years, 1-10')
  .min(1, 'a whole number of years, 1-10')
  .max(10, 'a whole number of years, 1-10');
const users = z
  .number({ error: 'a whole number of users, 1-1000' })
  .int('a whole number of users, 1-1000')
  .min(1, 'a whole number of users, 1-1000')
  .max(1000, 'a whole number of users, 1-1000');
const domain = z.string({ error: 'a domain is required' }).min(1).max(300);
const version = z.number().int().min(1).optional();
const flash = z.boolean().optional();

export const addItemSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('domain_registration'),
      domain,
      years: years.default(1),
      version,
      flash,
    }),
    z.strictObject({
      type: z.literal('domain_transfer'),
      domain,
      auth_code: z
        .string({ error: 'the transfer auth code is required' })
        .regex(/^[\x21-\x7e]{6,64}$/, '6-64 printable characters without spaces'),
      version,
      flash,
    }),
    z.strictObject({
      type: z.literal('number'),
      number: z
        .string({ error: 'a number in E.164 form is required' })
        .regex(/^\+[1-9]\d{7,14}$/, 'a number in E.164 form, e.g. +442079460123'),
      version,
      flash,
    }),
    z.strictObject({
      type: z.literal('plan'),
      plan: z.string({ error: 'a plan id is required' }).regex(/^[a-z0-9-]{1,40}$/, 'a plan id'),
      users: users.default(1),
      version,
      flash,
    }),
  ],
  { error: 'type must be domain_registration, domain_transfer, number or plan' },
);
export type AddItemInput = z.output<typeof addItemSchema>;

export const updateItemSchema = z
  .strictObject({ years: years.optional(), users: users.optional(), version, flash })
  .refine((v) => v.years !== undefined || v.users !== undefined, {
    message: 'send years or users',
    path: ['years'],
  });
export type UpdateItemInput = z.output<typeof updateItemSchema>;

/** DELETE /api/cart/{id} and /api/cart/clear: no body, or `{version}` as the other changes take. */
export const removeSchema = z.strictObject({ version, flash });

export const itemIdSchema = z.uuid('not a cart line id');
