import 'server-only';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { serverSecret } from '@/lib/security/server-secret';
import { hashToken, hmac, randomDigits, randomToken } from '@/lib/security/tokens';
import type { ChallengeMethod } from '../schemas';
import { maskEmail, maskPhone } from '../masks';
import { mailSignInCode, smsSignInCode } from './auth-mail.server';
import { backupCodesLeft } from './backup-codes.server';
import {
  findLiveChallenge,
  insertChallenge,
  setChallengeCode,
  type ChallengeRow,
} from './challenge-repository.server';
import { LIMITS } from './limits.server';
import { CEREMONY_MS, passkeyCount, type PasskeyWhere } from './passkeys.server';
import { userAssertionOptions } from './passkey-assertion.server';
import { findUserById, type UserRow } from './users-repository.server';

/** A challenge lives 15 minutes; a mailed or texted code 10 minutes; 5 wrong codes void it. */
const CHALLENGE_MS = 15 * 60_000;
const CODE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 5;

/**
 * The methods an account can use, in the order offered: the authenticator app, a passkey,
 * e-mail, SMS once a phone is confirmed, and a backup code while any is left.
 */
export async function methodsOf(user: UserRow): Promise<ChallengeMethod[]> {
  const methods: ChallengeMethod[] = [];
  if (user.totpSecret) methods.push('totp');
  if (user.totpSecret && (await passkeyCount(user.id)) > 0) methods.push('passkey');
  methods.push('email');
  if (user.phone) methods.push('sms');
  if (user.totpSecret && (await backupCodesLeft(user.id)) > 0) methods.push('backup_code');
  return methods;
}

/** Methods whose code the customer brings (no code is sent): the app's, a backup code. */
const BROUGHT: ChallengeMethod[] = ['totp', 'backup_code', 'passkey'];

/** True when a sign-in of this user needs a second step. */
export const needsSecondFactor = (user: UserRow) => Boolean(user.totpSecret);

export const challengeGone = () =>
  new ApiError(404, 'challenge_not_found', 'This sign-in has expired. Sign in again.');

/** A mailed or texted code as stored: bound to its challenge. */
export async function codeHash(challengeId: string, code: string): Promise<string> {
  // Bound to its challenge: the same digits mean nothing for another sign-in.
  return hmac(await serverSecret(), `code:${challengeId}:${code}`);
}

/**
 * Makes a new code for an e-mail or SMS challenge, replacing (and so killing) the old one; for a
 * passkey, a new WebAuthn challenge (its hash kept as the code) and the options to answer it.
 */
async function issueCode(
  where: PasskeyWhere,
  challenge: ChallengeRow,
  user: UserRow,
  method: ChallengeMethod,
): Promise<{ passkey_options?: PublicKeyCredentialRequestOptionsJSON }> {
  const db = await appDb();
  if (method === 'passkey') {
    const options = await userAssertionOptions(where, user.id);
    await setChallengeCode(db, challenge.id, {
      method,
      codeHash: hashToken(options.challenge),
      codeExpiresAt: new Date(now().getTime() + CEREMONY_MS),
    });
    return { passkey_options: options };
  }
  if (BROUGHT.includes(method)) {
    await setChallengeCode(db, challenge.id, { method, codeHash: null, codeExpiresAt: null });
    return {};
  }
  const code = randomDigits(6);
  await setChallengeCode(db, challenge.id, {
    method,
    codeHash: await codeHash(challenge.id, code),
    codeExpiresAt: new Date(now().getTime() + CODE_MS),
  });
  if (method === 'email') await mailSignInCode(where.store, user, code);
  else await smsSignInCode(where.store, user.phone!, code);
  return {};
}

/** Starts step two of a sign-in. Answers the challenge token (shown to the client once). */
export async function createChallenge(
  where: PasskeyWhere,
  user: UserRow,
  sessionId: string,
  options: { rememberMe: boolean; isCtd: boolean },
): Promise<{ challenge: string; methods: ChallengeMethod[]; method: ChallengeMethod }> {
  const token = randomToken(18);
  const methods = await methodsOf(user);
  const method = methods[0]!;
  const row = await insertChallenge(await appDb(), {
    tokenHash: hashToken(token),
    userId: user.id,
    sessionId,
    method,
    rememberMe: options.rememberMe,
    isCtd: options.isCtd,
    expiresAt: new Date(now().getTime() + CHALLENGE_MS),
  });
  if (!BROUGHT.includes(method)) {
    await consumeLimits([[LIMITS.codeSend, user.id]]);
    await issueCode(where, row, user, method);
  }
  return { challenge: token, methods, method };
}

/** A live challenge of this session, or 404 challenge_not_found. */
export async function liveChallenge(token: string, sessionId: string | null) {
  const db = await appDb();
  const row = await findLiveChallenge(db, hashToken(token), now());
  // A challenge belongs to the browser session that started it.
  if (!row || !sessionId || row.sessionId !== sessionId) throw challengeGone();
  const user = await findUserById(db, row.userId);
  if (!user) throw challengeGone();
  return { row, user };
}

/** Where a code went, masked: "a***@example.com", "+44 *** 123". */
export function destinationOf(user: UserRow, method: ChallengeMethod): string | null {
  if (method === 'email') return maskEmail(user.email);
  if (method === 'sms' && user.phone) return maskPhone(user.phone);
  return null;
}

/** What the challenge screen shows: the method in use, the others, where a code went. */
export async function challengeState(token: string, sessionId: string | null, isCtd: boolean) {
  const { row, user } = await liveChallenge(token, sessionId);
  const method = row.method as ChallengeMethod;
  return {
    challenge: token,
    method,
    methods: await methodsOf(user),
    destination: destinationOf(user, method),
    is_ctd: row.isCtd || isCtd,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Switches the method; for e-mail and SMS a new code is sent and the old one dies. */
export async function switchMethod(
  where: PasskeyWhere,
  token: string,
  sessionId: string | null,
  method: ChallengeMethod,
) {
  const { row, user } = await liveChallenge(token, sessionId);
  const methods = await methodsOf(user);
  if (!methods.includes(method)) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      alternative_method: [`must be one of: ${methods.join(', ')}`],
    });
  }
  if (!BROUGHT.includes(method)) await consumeLimits([[LIMITS.codeSend, user.id]]);
  const extra = await issueCode(where, row, user, method);
  return { challenge: token, method, methods, destination: destinationOf(user, method), ...extra };
}
