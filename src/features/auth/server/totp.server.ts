import 'server-only';
import { Secret, TOTP } from 'otpauth';
import { now } from '@/lib/clock';
import { seal, unseal } from '@/lib/security/seal';
import { serverSecret } from '@/lib/security/server-secret';

const PERIOD = 30;

function totpOf(base32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/** A new TOTP secret (160 random bits, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(base32: string, label: string, issuer: string): string {
  return totpOf(base32, label, issuer).toString();
}

/**
 * The time step a code is valid for (RFC 6238, SHA-1, 6 digits, 30 s), accepting at most one
 * step either side for clock drift; null when the code is wrong. Callers refuse a step that is
 * not later than the last one accepted, so a code is never used twice.
 */
export function totpStep(base32: string, code: string, at = now().getTime()): number | null {
  const delta = totpOf(base32).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return null;
  return Math.floor(at / 1000 / PERIOD) + delta;
}

/** Encrypts a TOTP secret for storage. */
export async function sealTotpSecret(base32: string): Promise<string> {
  return seal(await serverSecret(), 'totp', base32);
}

/** Decrypts a stored TOTP secret. */
export async function unsealTotpSecret(sealed: string): Promise<string | null> {
  return unseal(await serverSecret(), 'totp', sealed);
}
