import { z } from 'zod';

const clientId = z.string().min(1).max(200);
const scope = z
  .string()
  .max(500)
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/, 'is not a scope list')
  .optional();

/** POST /api/oauth/grant/ctd. */
export const ctdGrantSchema = z.strictObject({
  client_id: clientId,
  redirect_uri: z.string().min(1).max(2048),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url SHA-256 of the verifier (43 characters)'),
  code_challenge_method: z.string().max(20),
  state: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'must be 1-512 visible ASCII characters'),
  scope,
});

const codeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'is not a code'),
  redirect_uri: z.string().min(1).max(2048),
  client_id: clientId,
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43-128 unreserved characters'),
});

const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'is not a refresh token'),
  client_id: clientId,
  scope,
});

/**
 * POST /api/oauth/token: the authorization_code grant (RFC 6749 section 4.1.3 with RFC 7636)
 * and the refresh_token grant (section 6). Other parameters are ignored, as section 3.2 asks.
 */
export const tokenSchema = z.discriminatedUnion('grant_type', [codeGrant, refreshGrant], {
  error: 'must be authorization_code or refresh_token',
});

export type TokenRequest = z.output<typeof tokenSchema>;

/** POST /api/oauth/revoke (RFC 7009 section 2.1). */
export const revokeSchema = z.object({
  token: z.string().min(1).max(512),
  token_type_hint: z.string().max(40).optional(),
  client_id: clientId.optional(),
});
