import { z } from 'zod';
import { ONE_LINE, ONE_LINE_MESSAGE } from '@/lib/http/control-characters';

/**
 * Payloads of the account calls, shared by the route handlers, the screens and the tests.
 * Passwords are never trimmed or truncated: what the person typed is what is hashed.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must look like name@example.com'))
  .transform((v) => v.toLowerCase());

/** A password being set: length only here; the common-password list is checked on the server. */
export const newPasswordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, {
    // Left empty, it is missing like any other field, not short.
    error: (issue) =>
      issue.input === '' ? 'is required' : `must be at least ${PASSWORD_MIN} characters`,
  })
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** A password being checked: any non-empty string up to the maximum. */
export const givenPasswordSchema = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** Tokens sent by mail: 32 random bytes, base64url (256 bits; at least 128 are required). */
export const mailTokenSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'is not a valid link token');

export const METHODS = ['totp', 'passkey', 'email', 'sms', 'backup_code'] as const;
export type ChallengeMethod = (typeof METHODS)[number];

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: givenPasswordSchema,
  remember_me: z.boolean().default(false),
  is_ctd: z.boolean().default(false),
});

export const challengeTokenSchema = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'is not a valid challenge');

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const challengeQuerySchema = z.strictObject({
  challenge: challengeTokenSchema,
  is_ctd: booleanParam.default(false),
});

export const challengeSwitchSchema = z.strictObject({
  challenge: challengeTokenSchema,
  alternative_method: z.enum(METHODS, { error: `must be one of ${METHODS.join(', ')}` }),
});

export const registerSchema = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .regex(ONE_LINE, ONE_LINE_MESSAGE),
  email: emailSchema,
  password: newPasswordSchema,
  invite_token: mailTokenSchema.optional(),
});

/** `PUT /api/account/name`: what the account is called, e.g. a company's name. */
export const accountNameSchema = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    // readJson refuses the other control characters wherever they are.
    .regex(ONE_LINE, ONE_LINE_MESSAGE),
});

export const activateSchema = z.strictObject({ token: mailTokenSchema });
export const forgotSchema = z.strictObject({ email: emailSchema });
export const checkResetSchema = z.strictObject({ token: mailTokenSchema });
export const resetSchema = z
  .strictObject({
    token: mailTokenSchema,
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'is required' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'must match the password',
  });

export const googleSchema = z.strictObject({
  credential: z
    .string({ error: 'is required' })
    .min(10, 'is not an ID token')
    .max(8192, 'is too long'),
});

/** An invitation: who, and the role they get (never `owner`: ownership is handed over). */
export const inviteSchema = z.strictObject({
  email: emailSchema,
  role: z
    .enum(['admin', 'billing', 'technical', 'member'], {
      error: 'must be one of admin, billing, technical, member',
    })
    .default('member'),
});

export const totpSetupSchema = z.strictObject({ password: givenPasswordSchema });
export const totpEnableSchema = z.strictObject({
  setup_token: z.string({ error: 'is required' }).min(20).max(512),
  code: z.string({ error: 'is required' }).regex(/^\d{6}$/, 'must be 6 digits'),
});
export const totpDisableSchema = z.strictObject({ password: givenPasswordSchema });
/** A phone number in E.164 form, spaces allowed as people type them. */
export const phoneNumberSchema = z
  .string({ error: 'is required' })
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(
    z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an international number like +447700900123'),
  );

/** Starts setting up a phone: a code goes to it. */
export const phoneSetupSchema = z.strictObject({
  password: givenPasswordSchema,
  phone: phoneNumberSchema,
});
/** Confirms it with that code. */
export const phoneConfirmSchema = z.strictObject({
  code: z.string({ error: 'is required' }).regex(/^\d{6}$/, 'must be 6 digits'),
});
export const phoneRemoveSchema = z.strictObject({ password: givenPasswordSchema });
export const backupCodesSchema = z.strictObject({ password: givenPasswordSchema });

/** The id of a record named in a path (an invite, a session, a passkey). */
export const recordIdSchema = z.uuid();

const base64url = z.string().regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** What a browser's `navigator.credentials.get()` answers, as @simplewebauthn/browser sends it. */
export const passkeyAssertionSchema = z.object({
  id: base64url.min(1).max(1024),
  rawId: base64url.min(1).max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.max(4096),
    authenticatorData: base64url.max(4096),
    signature: base64url.max(1024),
    userHandle: base64url.max(256).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What `navigator.credentials.create()` answers. */
export const passkeyAttestationSchema = z.object({
  id: base64url.min(1).max(1024),
  rawId: base64url.min(1).max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.max(4096),
    attestationObject: base64url.max(12_000),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const passkeyOptionsSchema = z.strictObject({ password: givenPasswordSchema });
export const passkeyAddSchema = z.strictObject({
  response: passkeyAttestationSchema,
  name: z.string().trim().max(60, 'must be at most 60 characters').optional(),
});
export const passkeyRemoveSchema = z.strictObject({ password: givenPasswordSchema });
export const passkeyLoginSchema = z.strictObject({
  response: passkeyAssertionSchema,
  remember_me: z.boolean().default(false),
  is_ctd: z.boolean().default(false),
});

/** The second step's answer: a code (six digits or a backup code), or a passkey's signature. */
export const challengeAnswerSchema = z
  .strictObject({
    challenge: challengeTokenSchema,
    code: z
      .string()
      .trim()
      .regex(/^(\d{6}|[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5})$/, 'must be 6 digits or a backup code')
      .optional(),
    passkey: passkeyAssertionSchema.optional(),
    is_ctd: z.boolean().default(false),
    remember_me: z.boolean().default(false),
  })
  .refine((v) => (v.code === undefined) !== (v.passkey === undefined), {
    path: ['code'],
    message: 'is required (or a passkey instead)',
  });

/** Changing the password: the current one, then the new one twice. */
export const passwordChangeSchema = z
  .strictObject({
    current_password: givenPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'is required' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'must match the password',
  });

export const emailChangeSchema = z.strictObject({
  password: givenPasswordSchema,
  email: emailSchema,
});
export const emailConfirmSchema = z.strictObject({ token: mailTokenSchema });
