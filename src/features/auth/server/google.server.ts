import 'server-only';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError, isApiError } from '@/lib/http/api-response';
import { getEnv } from '@/lib/env';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import type { RequestContext } from '@/features/session/server/request-context.server';
import type { Store } from '@/features/tenancy/store-types';
import { logSignIn } from './auth-log.server';
import { LIMITS } from './limits.server';
import { signInOrChallenge, type SignInResult } from './sign-in.server';
import {
  findUserByEmail,
  findUserByGoogle,
  insertAccount,
  insertUser,
  isUniqueViolation,
  linkGoogleIdentity,
} from './users-repository.server';

export type GoogleIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
};

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

const invalidCredential = () =>
  new ApiError(401, 'invalid_credential', 'The Google sign-in could not be verified.');

/**
 * Verifies a Google ID token: RS256 signature against the issuer's JWKS (GOOGLE_JWKS_URL, keys
 * cached and refetched on an unknown key id), issuer, audience (GOOGLE_CLIENT_ID) and expiry.
 * A token that fails any check is 401; an unreachable JWKS is 503, not the token's fault.
 */
export async function verifyGoogleCredential(credential: string): Promise<GoogleIdentity> {
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID) {
    throw new ApiError(404, 'google_not_configured', 'Google sign-in is not available here.');
  }
  let jwks = jwksByUrl.get(env.GOOGLE_JWKS_URL);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(env.GOOGLE_JWKS_URL), { timeoutDuration: 5_000 });
    jwksByUrl.set(env.GOOGLE_JWKS_URL, jwks);
  }
  try {
    const { payload } = await jwtVerify(credential, jwks, {
      issuer: env.GOOGLE_ISSUERS,
      audience: env.GOOGLE_CLIENT_ID,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      // Google issues and dates its tokens by real time, so expiry is checked against real
      // time, not the product's clock (which a test deployment may have moved on).
      clockTolerance: 30,
    });
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    return {
      issuer: payload.iss!,
      subject: payload.sub!,
      email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name:
        typeof payload.name === 'string' && payload.name.trim()
          ? payload.name.trim().slice(0, 100)
          : (email ?? 'Google user'),
    };
  } catch (error) {
    // A failed fetch of the keys is not the token's fault: 503, so the client may retry.
    // By jose's error codes (ERR_JWKS_TIMEOUT, ...), not its classes (src/lib/error-code.ts).
    const code = (error as { code?: unknown } | null)?.code;
    const unreachable =
      code === errors.JWKSTimeout.code ||
      code === errors.JWKSInvalid.code ||
      typeof code !== 'string' ||
      !code.startsWith('ERR_J');
    if (unreachable) {
      throw new ApiError(
        503,
        'service_unavailable',
        'Google sign-in is briefly unavailable.',
        undefined,
        {
          'retry-after': '5',
        },
      );
    }
    throw invalidCredential();
  }
}

const emailNotVerified = () =>
  new ApiError(
    403,
    'email_not_verified',
    'Google has not verified this e-mail address, so it cannot sign in to an account here.',
  );

/** The account of a Google identity: by issuer and subject, else linked or created by e-mail. */
async function accountFor(store: Store, identity: GoogleIdentity) {
  const db = await appDb();
  const known = await findUserByGoogle(db, store.key, identity.issuer, identity.subject);
  if (known) return known;
  if (!identity.email || !identity.emailVerified) throw emailNotVerified();
  const existing = await findUserByEmail(db, store.key, identity.email);
  if (existing) {
    // Linking a password account is safe only because Google vouches for the address.
    const linked = await linkGoogleIdentity(db, existing.id, identity, now());
    if (!linked)
      throw new ApiError(
        409,
        'account_linked',
        'This e-mail address is linked to another Google account.',
      );
    return linked;
  }
  try {
    return await db.transaction(async (tx) =>
      insertUser(tx, {
        storeKey: store.key,
        accountId: await insertAccount(tx, { storeKey: store.key, name: identity.name }),
        name: identity.name,
        email: identity.email!,
        emailVerified: true,
        activatedAt: now(),
        googleIssuer: identity.issuer,
        googleSubject: identity.subject,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await findUserByGoogle(db, store.key, identity.issuer, identity.subject);
      if (raced) return raced;
    }
    throw error;
  }
}

/** POST /api/glogin: signs in (or answers a challenge) with a verified Google ID token. */
export async function googleSignIn(ctx: RequestContext, credential: string): Promise<SignInResult> {
  const { store, ip } = ctx;
  await consumeLimits([[LIMITS.googleIp, ip]]);
  let identity;
  try {
    identity = await verifyGoogleCredential(credential);
  } catch (error) {
    logSignIn({
      outcome: 'failure',
      method: 'google',
      store: store.key,
      ip,
      reason: isApiError(error) ? error.code : 'error',
    });
    throw error;
  }
  const user = await accountFor(store, identity);
  return signInOrChallenge(ctx, user, { remember: false, ctd: false, method: 'google' });
}
