import 'server-only';
import QRCode from 'qrcode';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { seal, unseal } from '@/lib/security/seal';
import { serverSecret } from '@/lib/security/server-secret';
import type { Store } from '@/features/tenancy/store-types';
import { LIMITS } from './limits.server';
import { verifyPassword } from './password.server';
import { newTotpSecret, sealTotpSecret, totpStep, totpUri } from './totp.server';
import { updateUser, type UserRow } from './users-repository.server';

/** How long a started TOTP setup may wait for its first code. */
const SETUP_MS = 10 * 60_000;

/** Re-entering the password guards every change to how an account signs in. */
export async function confirmPassword(user: UserRow, password: string): Promise<void> {
  await consumeLimits([[LIMITS.reauth, user.id]]);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new ApiError(403, 'password_incorrect', 'The password is not right.');
  }
}

/**
 * Starts enabling TOTP: a new secret as an otpauth address and QR code, plus a sealed setup
 * token carrying it, so nothing is stored until the first code proves the app has it.
 */
export async function startTotpSetup(store: Store, user: UserRow, password: string) {
  await confirmPassword(user, password);
  const secret = newTotpSecret();
  const uri = totpUri(secret, user.email, store.config.store_name);
  const setupToken = seal(
    await serverSecret(),
    'totp-setup',
    JSON.stringify({ u: user.id, s: secret, e: now().getTime() + SETUP_MS }),
  );
  return {
    secret,
    otpauth_uri: uri,
    qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    setup_token: setupToken,
  };
}

/** Finishes enabling TOTP with a code from the app. */
export async function finishTotpSetup(
  user: UserRow,
  setupToken: string,
  code: string,
): Promise<void> {
  await consumeLimits([[LIMITS.reauth, user.id]]);
  const opened = unseal(await serverSecret(), 'totp-setup', setupToken);
  const parsed = opened ? (JSON.parse(opened) as { u: string; s: string; e: number }) : null;
  if (!parsed || parsed.u !== user.id || parsed.e < now().getTime()) {
    throw new ApiError(410, 'setup_expired', 'This setup has expired. Start again.');
  }
  const step = totpStep(parsed.s, code);
  if (step === null) throw new ApiError(401, 'invalid_code', 'The code is not right.');
  await updateUser(await appDb(), user.id, {
    totpSecret: await sealTotpSecret(parsed.s),
    totpLastStep: step,
  });
}

/** Turns TOTP off (after the password). */
export async function disableTotp(user: UserRow, password: string): Promise<void> {
  await confirmPassword(user, password);
  await updateUser(await appDb(), user.id, { totpSecret: null, totpLastStep: null });
}

/** Sets or clears the phone number that receives SMS codes (after the password). */
export async function setPhone(
  user: UserRow,
  password: string,
  phone: string | null,
): Promise<void> {
  await confirmPassword(user, password);
  await updateUser(await appDb(), user.id, { phone });
}
