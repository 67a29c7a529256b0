import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A random secret of `bytes` bytes (default 32 = 256 bits), base64url without padding. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. A leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** HMAC-SHA-256 of `message` under `key`, base64url. */
export function hmac(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64url');
}

/** A numeric code of `digits` digits from the operating system's secure random source. */
export function randomDigits(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}
