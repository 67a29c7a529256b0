import { z } from 'zod';

/** POST /api/oauth/grant/ctd. */
export const ctdGrantSchema = z.strictObject({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2048),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url SHA-256 of the verifier (43 characters)'),
  code_challenge_method: z.string().max(20),
  state: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'must be 1-512 visible ASCII characters'),
});

/** POST /api/oauth/token (authorization_code grant, RFC 6749 section 4.1.3 with RFC 7636). */
export const tokenSchema = z.object({
  grant_type: z.literal('authorization_code', { error: 'must be authorization_code' }),
  code: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'is not a code'),
  redirect_uri: z.string().min(1).max(2048),
  client_id: z.string().min(1).max(200),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43-128 unreserved characters'),
});
