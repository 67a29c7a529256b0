import 'server-only';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { logger } from '@/lib/logger';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum). The work
// runs on libuv's thread pool, off the event loop.
const OPTIONS = { algorithm: 2 /* Argon2id */ } as const;

// Off the loop is not enough: with as many hashing threads as cores, the operating system
// shares the cores between them and the event loop, and every other request waits (measured:
// 134 ms p99 loop delay on 2 cores). At most cores - 1 hashes run at once; the rest queue.
const MAX_PARALLEL = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot straight to the next in line, so the count never overshoots.
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
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
    ok = await limited(() => verify(target, password));
  } catch (error) {
    // A stored hash argon2 cannot read, or argon2 itself failing: the sign-in is refused like a
    // wrong password, and the cause is logged, since no password could ever match it.
    logger.error({ err: String(error) }, 'password verification failed');
    ok = false;
  }
  return ok && Boolean(stored);
}

let common: Set<string> | undefined;

/**
 * True when the password, or the password without the digits and signs at its end, is in the
 * shipped list of common passwords (case-insensitive).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(path.join(process.cwd(), 'src/features/auth/server/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  const lower = password.toLowerCase();
  // A common word with digits or signs put after it ("password123", "sunshine2024!") is as easy
  // to guess as the word: attackers' lists try those endings first.
  return common.has(lower) || common.has(lower.replace(/[\d\W_]+$/, ''));
}

/**
 * True when a password is easy to guess for this account: common (`isCommonPassword`), one short
 * run repeated ("aaaaaaaa", "abcabcabc"), or the account's own e-mail address, the part before
 * its @, or its name, with or without digits and signs after it (docs/decisions/0296).
 */
export function guessablePassword(
  password: string,
  account: { email?: string | null; name?: string | null },
): boolean {
  if (isCommonPassword(password)) return true;
  const lower = password.toLowerCase();
  if (/^(.{1,3})\1+$/su.test(lower)) return true;
  const stripped = (text: string) => text.replace(/[\d\W_]+$/, '');
  const bare = stripped(lower);
  const email = account.email?.trim().toLowerCase() ?? '';
  const own = [email, email.split('@')[0] ?? '', account.name?.trim().toLowerCase() ?? ''];
  return own
    .flatMap((word) => [word, stripped(word)])
    .some((word) => word.length > 0 && (lower === word || bare === word));
}
