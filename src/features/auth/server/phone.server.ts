import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { secureEqual } from '@/lib/secure-compare';
import { serverSecret } from '@/lib/security/server-secret';
import { hmac, randomDigits } from '@/lib/security/tokens';
import type { Store } from '@/features/tenancy/store-types';
import { maskPhone } from '../masks';
import { mailSecurityChange, smsPhoneSetupCode } from './auth-mail.server';
import { LIMITS } from './limits.server';
import { confirmPassword } from './reauth.server';
import {
  confirmPendingPhone,
  countPhoneAttempt,
  updateUser,
  type UserRow,
} from './users-repository.server';

/** A code sent to a number being set up lives 10 minutes; 5 wrong ones end the set-up. */
const CODE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

async function codeHash(userId: string, phone: string, code: string): Promise<string> {
  // Bound to the user and the number: the digits confirm this number for this account only.
  return hmac(await serverSecret(), `phone:${userId}:${phone}:${code}`);
}

/**
 * Starts setting a phone for SMS codes: after the password, a code goes to the
 * number by SMS; the number counts only once that code comes back (`confirmPhone`).
 */
export async function startPhoneSetup(
  store: Store,
  user: UserRow,
  password: string,
  phone: string,
) {
  await confirmPassword(user, password);
  await consumeLimits([[LIMITS.codeSend, user.id]]);
  const code = randomDigits(6);
  const expiresAt = new Date(now().getTime() + CODE_MS);
  await updateUser(await appDb(), user.id, {
    phonePending: phone,
    phoneCodeHash: await codeHash(user.id, phone, code),
    phoneCodeExpiresAt: expiresAt,
    phoneCodeAttempts: 0,
  });
  await smsPhoneSetupCode(store, phone, code);
  return { phone_pending: maskPhone(phone), expires_at: expiresAt.toISOString() };
}

const setupGone = () =>
  new ApiError(
    410,
    'phone_setup_expired',
    'This number was not confirmed in time. Enter it again to get a new code.',
  );

/** Confirms the number being set up with the code sent to it; it then receives sign-in codes. */
export async function confirmPhone(store: Store, user: UserRow, code: string) {
  await consumeLimits([[LIMITS.codeAccount, user.id]]);
  const db = await appDb();
  const counted = await countPhoneAttempt(db, user.id, MAX_ATTEMPTS);
  const phone = counted?.phonePending;
  if (!counted || !phone || !counted.phoneCodeHash || !counted.phoneCodeExpiresAt) {
    throw setupGone();
  }
  if (counted.phoneCodeExpiresAt.getTime() <= now().getTime()) throw setupGone();
  if (!secureEqual(await codeHash(user.id, phone, code), counted.phoneCodeHash)) {
    const left = MAX_ATTEMPTS - counted.phoneCodeAttempts;
    if (left <= 0) {
      await updateUser(db, user.id, { phonePending: null, phoneCodeHash: null });
      throw setupGone();
    }
    throw new ApiError(401, 'invalid_code', 'The code is not right.', undefined, {
      'x-attempts-left': String(left),
    });
  }
  if (!(await confirmPendingPhone(db, user.id, phone))) throw setupGone();
  await mailSecurityChange(store, user, {
    subject: 'A phone number now receives your sign-in codes',
    what: `The number ${maskPhone(phone)} was confirmed and can now receive sign-in codes by text message.`,
  });
  return { has_phone: true, phone: maskPhone(phone) };
}

/** Removes the phone (after the password): SMS is no longer offered at sign-in. */
export async function removePhone(store: Store, user: UserRow, password: string) {
  await confirmPassword(user, password);
  await updateUser(await appDb(), user.id, {
    phone: null,
    phonePending: null,
    phoneCodeHash: null,
    phoneCodeExpiresAt: null,
    phoneCodeAttempts: 0,
  });
  if (user.phone) {
    await mailSecurityChange(store, user, {
      subject: 'A phone number was removed from your account',
      what: `The number ${maskPhone(user.phone)} no longer receives sign-in codes.`,
    });
  }
  return { has_phone: false };
}
