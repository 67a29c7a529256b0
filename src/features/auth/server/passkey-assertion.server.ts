import 'server-only';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { logger } from '@/lib/logger';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { LIMITS } from './limits.server';
import {
  findPasskeyByCredentialId,
  findUserPasskeys,
  touchPasskey,
  type PasskeyRow,
} from './passkey-repository.server';
import { CEREMONY_MS, expectedOrigin, userHandle, type PasskeyWhere } from './passkeys.server';

/** Signing with a passkey: the options a browser needs, and the check of its signature. */

/** Options for `navigator.credentials.get()` of one user's passkeys on this host (second step). */
export async function userAssertionOptions(where: PasskeyWhere, userId: string) {
  const mine = await findUserPasskeys(await appDb(), userId, where.host);
  if (mine.length === 0) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      alternative_method: ['no passkey of this account works on this address'],
    });
  }
  return generateAuthenticationOptions({
    rpID: where.host,
    timeout: CEREMONY_MS,
    userVerification: 'preferred',
    allowCredentials: mine.map((p) => ({
      id: p.credentialId,
      transports: p.transports ? p.transports.split(',') : undefined,
    })),
  });
}

/**
 * Verifies a passkey's signature over `challenge` (which the caller has checked and used up):
 * the credential must be of this relying party (and of `userId` when given), the user handle
 * its user's, the origin this store's. Records the use. Answers the passkey, or null.
 */
export async function verifyAssertion(
  where: PasskeyWhere,
  response: AuthenticationResponseJSON,
  options: { challenge: string; userId?: string; requireUserVerification: boolean },
): Promise<PasskeyRow | null> {
  const origin = expectedOrigin(where);
  const db = await appDb();
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey || passkey.rpId !== where.host) return null;
  if (options.userId && passkey.userId !== options.userId) return null;
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(passkey.userId)).toString('base64url')) {
    return null;
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: options.challenge,
      expectedOrigin: origin,
      expectedRPID: where.host,
      requireUserVerification: options.requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports ? passkey.transports.split(',') : undefined,
      },
    });
  } catch (error) {
    logger.warn({ err: String(error), user_id: passkey.userId }, 'passkey assertion refused');
    return null;
  }
  if (!verification.verified) return null;
  await touchPasskey(db, passkey.id, {
    counter: verification.authenticationInfo.newCounter,
    backedUp: verification.authenticationInfo.credentialBackedUp,
    at: now(),
  });
  return passkey;
}

/** Counts a passkey call against the per-address limit. */
export async function limitPasskeyCalls(ip: string): Promise<void> {
  await consumeLimits([[LIMITS.passkeyIp, ip]]);
}
