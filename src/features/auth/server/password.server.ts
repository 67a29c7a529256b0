import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum). The work
// runs on libuv's thread pool, so hashing does not block the event loop.
const OPTIONS = { algorithm: 2 /* Argon2id */ } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown e-mail, an account without a
 * password) it verifies against a dummy hash of the same cost and answers false, so both cases
 * take the same time as a wrong password.
 */
export async function verifyPassword(stored: string | null | undefined, password: string) {
  dummy ??= hashPassword('dummy password that matches nothing');
  const target = stored ?? (await dummy);
  let ok = false;
  try {
    ok = await verify(target, password);
  } catch {
    ok = false;
  }
  return ok && Boolean(stored);
}

let common: Set<string> | undefined;

/** True when the password is in the shipped list of common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(path.join(process.cwd(), 'src/features/auth/server/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}
