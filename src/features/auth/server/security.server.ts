import 'server-only';
import QRCode from 'qrcode';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { seal, unseal } from '@/lib/security/seal';
import { serverSecret } from '@/lib/security/server-secret';
import type { Store } from '@/features/tenancy/store-types';
import { maskPhone } from '../masks';
import { mailSecurityChange } from './auth-mail.server';
import { backupCodesLeft, dropBackupCodes, issueBackupCodes } from './backup-codes.server';
import { LIMITS } from './limits.server';
import { listPasskeys } from './passkeys.server';
import { findOpenEmailChange } from './one-time-token-repository.server';
import { confirmPassword } from './reauth.server';
import { newTotpSecret, sealTotpSecret, totpStep, totpUri } from './totp.server';
import { updateUser, type UserRow } from './users-repository.server';

/** How long a started TOTP setup may wait for its first code. */
const SETUP_MS = 10 * 60_000;

/** A started setup's secret and when it lapses, unless it has lapsed. */
function keptSetup(
  sealed: string | null,
  key: Buffer,
  at: number,
): { s: string; e: number } | null {
  const opened = sealed ? unseal(key, 'totp-setup-kept', sealed) : null;
  const kept = opened ? (JSON.parse(opened) as { s: string; e: number }) : null;
  return kept && kept.e > at ? kept : null;
}

/**
 * Starts enabling TOTP: a secret as an otpauth address and QR code, plus a sealed setup token
 * carrying it; nothing counts as a factor until the first code proves the app has it. A setup
 * started less than SETUP_MS ago shows its secret again (a reload of the page must not make the
 * code the app already scanned useless, docs/decisions/0303); it keeps its own end.
 */
export async function startTotpSetup(store: Store, user: UserRow, password: string) {
  await confirmPassword(user, password);
  const key = await serverSecret();
  let setup = keptSetup(user.totpSetup, key, now().getTime());
  if (!setup) {
    setup = { s: newTotpSecret(), e: now().getTime() + SETUP_MS };
    await updateUser(await appDb(), user.id, {
      totpSetup: seal(key, 'totp-setup-kept', JSON.stringify(setup)),
    });
  }
  const secret = setup.s;
  const setupToken = seal(key, 'totp-setup', JSON.stringify({ u: user.id, ...setup }));
  const uri = totpUri(secret, user.email, store.config.store_name);
  return {
    secret,
    otpauth_uri: uri,
    qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    setup_token: setupToken,
  };
}

/**
 * Finishes enabling TOTP with a code from the app. Answers the ten backup codes, which are
 * shown this once; the customer is told by mail.
 */
export async function finishTotpSetup(
  store: Store,
  user: UserRow,
  setupToken: string,
  code: string,
): Promise<{ backup_codes: string[] }> {
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
    totpSetup: null,
  });
  const codes = await issueBackupCodes(user.id);
  await mailSecurityChange(store, user, {
    subject: 'Two-step sign-in is on',
    what: 'An authenticator app was set up for your account: signing in now asks for a code from it.',
  });
  return { backup_codes: codes };
}

/** Turns TOTP off (after the password); its backup codes go with it. */
export async function disableTotp(store: Store, user: UserRow, password: string): Promise<void> {
  await confirmPassword(user, password);
  await updateUser(await appDb(), user.id, { totpSecret: null, totpLastStep: null });
  await dropBackupCodes(user.id);
  await mailSecurityChange(store, user, {
    subject: 'Two-step sign-in is off',
    what: 'The authenticator app was removed from your account: signing in no longer asks for a code.',
  });
}

/**
 * What the security page shows: second factor, phone, backup codes left, passkeys, and the new
 * e-mail address whose confirmation link still works (docs/decisions/0317).
 */
export async function securityOverview(user: UserRow) {
  return {
    second_factor: Boolean(user.totpSecret),
    phone: user.phone ? maskPhone(user.phone) : null,
    phone_pending: user.phonePending ? maskPhone(user.phonePending) : null,
    email_pending: await findOpenEmailChange(await appDb(), user.id),
    backup_codes_left: user.totpSecret ? await backupCodesLeft(user.id) : 0,
    passkeys: await listPasskeys(user.id),
  };
}
