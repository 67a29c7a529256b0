import 'server-only';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { secureEqual } from '@/lib/secure-compare';
import { hashToken } from '@/lib/security/tokens';
import type { ChallengeMethod } from '../schemas';
import { redeemBackupCode } from './backup-codes.server';
import { consumeChallenge, countAttempt, voidChallenge } from './challenge-repository.server';
import { challengeGone, codeHash, liveChallenge, MAX_ATTEMPTS } from './challenge.server';
import { LIMITS } from './limits.server';
import { challengeOf, type PasskeyWhere } from './passkeys.server';
import { verifyAssertion } from './passkey-assertion.server';
import { totpStep, unsealTotpSecret } from './totp.server';
import { advanceTotpStep } from './users-repository.server';

/** The answer to the second step of a sign-in: checked here, whatever the method. */

const wrongCode = (left: number) =>
  new ApiError(401, 'invalid_code', 'The code is not right.', undefined, {
    'x-attempts-left': String(left),
  });

/**
 * A right authenticator code whose time step was already used: the person typed
 * what the app shows, so the message says to wait for the next code rather than "not right".
 */
const codeAlreadyUsed = (left: number) =>
  new ApiError(
    401,
    'code_already_used',
    'This code was just used. Wait for the next code from your app (a new one every 30 seconds) and enter that.',
    undefined,
    { 'x-attempts-left': String(left) },
  );

/**
 * Checks a code. Each try counts (at most 5, atomically, so parallel guesses cannot exceed it);
 * the fifth wrong one voids the challenge. A right code consumes the challenge in one atomic
 * update, so two parallel right codes sign in exactly once. Answers the user and the options of
 * step one.
 */
export async function answerChallenge(
  where: PasskeyWhere,
  token: string,
  sessionId: string | null,
  answer: { code?: string; passkey?: AuthenticationResponseJSON },
) {
  const { row, user } = await liveChallenge(token, sessionId);
  await consumeLimits([
    [LIMITS.codeIp, where.ip],
    [LIMITS.codeAccount, user.id],
  ]);
  const db = await appDb();
  const counted = await countAttempt(db, row.id, MAX_ATTEMPTS);
  if (!counted) throw challengeGone();

  let right = false;
  let alreadyUsed = false;
  const code = answer.code ?? '';
  const sixDigits = /^\d{6}$/.test(code);
  const live = counted.codeExpiresAt && counted.codeExpiresAt.getTime() > now().getTime();
  if (counted.method === 'passkey' || answer.passkey) {
    // A passkey's signature over the challenge issued for this sign-in, by one of the user's.
    const signed = answer.passkey ? challengeOf(answer.passkey) : null;
    right = Boolean(
      counted.method === 'passkey' &&
      answer.passkey &&
      signed &&
      live &&
      counted.codeHash &&
      secureEqual(hashToken(signed), counted.codeHash) &&
      (await verifyAssertion(where, answer.passkey, {
        challenge: signed,
        userId: user.id,
        requireUserVerification: false,
      })),
    );
  } else if (counted.method === 'backup_code') {
    right = await redeemBackupCode(user.id, code);
  } else if (!sixDigits) {
    right = false;
  } else if (counted.method === 'totp') {
    const secret = user.totpSecret ? await unsealTotpSecret(user.totpSecret) : null;
    const step = secret ? totpStep(secret, code) : null;
    if (step !== null) {
      // A TOTP code is accepted once: only a later time step than the last one passes.
      right = await advanceTotpStep(db, user.id, step);
      alreadyUsed = !right;
    }
  } else if (counted.codeHash && live) {
    right = secureEqual(await codeHash(counted.id, code), counted.codeHash);
  }

  if (!right) {
    const left = MAX_ATTEMPTS - counted.attempts;
    if (left <= 0) {
      await voidChallenge(db, row.id, now());
      throw new ApiError(401, 'challenge_void', 'Too many wrong codes. Sign in again.');
    }
    throw alreadyUsed ? codeAlreadyUsed(left) : wrongCode(left);
  }

  if (!(await consumeChallenge(db, row.id, now()))) throw challengeGone();
  return {
    user,
    method: counted.method as ChallengeMethod,
    rememberMe: row.rememberMe,
    isCtd: row.isCtd,
  };
}
