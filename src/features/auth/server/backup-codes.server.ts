import 'server-only';
import { randomInt } from 'node:crypto';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { serverSecret } from '@/lib/security/server-secret';
import { hmac } from '@/lib/security/tokens';
import type { Store } from '@/features/tenancy/store-types';
import { mailSecurityChange } from './auth-mail.server';
import {
  countUnusedBackupCodes,
  deleteBackupCodes,
  replaceBackupCodes,
  spendBackupCode,
} from './backup-codes-repository.server';
import { confirmPassword } from './reauth.server';
import type { UserRow } from './users-repository.server';

/** Ten codes of ten characters from 31 that cannot be mistaken for each other (~49 bits each). */
export const BACKUP_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as typed (any case, with or without the hyphen or spaces) in its stored form, or null. */
export function normaliseBackupCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(code) ? code : null;
}

async function codeHash(userId: string, normalised: string): Promise<string> {
  // Keyed and bound to the user: a copy of the table gives no code, for no account.
  return hmac(await serverSecret(), `backup:${userId}:${normalised}`);
}

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Makes a new set of codes (the old ones die) and answers them: they are shown this once. */
export async function issueBackupCodes(userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((c) => codeHash(userId, normaliseBackupCode(c)!)));
  if (new Set(hashes).size !== hashes.length) return issueBackupCodes(userId);
  await replaceBackupCodes(await appDb(), userId, hashes);
  return codes;
}

export async function backupCodesLeft(userId: string): Promise<number> {
  return countUnusedBackupCodes(await appDb(), userId);
}

/** Uses a backup code at the second step of a sign-in; answers whether it was a live one. */
export async function redeemBackupCode(userId: string, input: string): Promise<boolean> {
  const code = normaliseBackupCode(input);
  if (!code) return false;
  return spendBackupCode(await appDb(), {
    userId,
    codeHash: await codeHash(userId, code),
    at: now(),
  });
}

/** Removes every backup code (the second factor was turned off). */
export async function dropBackupCodes(userId: string): Promise<void> {
  await deleteBackupCodes(await appDb(), userId);
}

/**
 * A new set on request (after the password): the old codes stop working. Only while a second
 * factor is on, since the codes stand in for it.
 */
export async function regenerateBackupCodes(store: Store, user: UserRow, password: string) {
  await confirmPassword(user, password);
  if (!user.totpSecret) {
    throw new ApiError(
      409,
      'second_factor_off',
      'Backup codes stand in for a second factor. Turn on the authenticator app first.',
    );
  }
  const codes = await issueBackupCodes(user.id);
  await mailSecurityChange(store, user, {
    subject: 'New backup codes for your account',
    what: 'A new set of backup codes was made for your account; the old codes no longer work.',
  });
  return { backup_codes: codes };
}
