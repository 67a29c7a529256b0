import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { appDb } from '@/lib/db/app-db';
import { users } from '@/lib/db/schema';
import { ApiError } from '@/lib/http/api-response';
import { clientIp } from '@/lib/http/client-ip';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import type { Store } from '@/features/tenancy/store-types';
import { mailReset } from './auth-mail.server';
import { accountKey, LIMITS } from './limits.server';
import { hashPassword, isCommonPassword } from './password.server';
import { commonPassword } from './registration.server';
import { findToken, isUsable, issueToken, consumeToken } from './one-time-tokens.server';
import { endUserSessions } from './session.server';
import { findUserByEmail, findUserById } from './users-repository.server';

export const resetLinkInvalid = () =>
  new ApiError(
    410,
    'reset_link_invalid',
    'This reset link is not valid any more. Ask for a new one.',
  );

/**
 * Forgot password: mails a reset link when the address has an account; the caller answers the
 * same either way. The link uses the store's configured address.
 */
export async function requestReset(
  request: NextRequest,
  store: Store,
  email: string,
): Promise<void> {
  await consumeLimits([
    [LIMITS.forgotIp, clientIp(request)],
    [LIMITS.forgotAccount, accountKey(store.key, email)],
  ]);
  const db = await appDb();
  const user = await findUserByEmail(db, store.key, email);
  if (!user) return;
  const { token } = await issueToken(db, 'reset', {
    userId: user.id,
    passwordVersion: user.passwordVersion,
  });
  await mailReset(store, user, token);
}

/** A reset token is dead once used, after 60 minutes, and after any password change. */
async function liveReset(token: string) {
  const db = await appDb();
  const row = await findToken(db, 'reset', token);
  if (!row?.userId || !isUsable(row)) return null;
  const user = await findUserById(db, row.userId);
  if (!user || user.passwordVersion !== row.passwordVersion) return null;
  return { row, user };
}

/** check-reset-link: answers the masked address the link is for, or 410. */
export async function checkReset(request: NextRequest, token: string) {
  await consumeLimits([[LIMITS.resetIp, clientIp(request)]]);
  const live = await liveReset(token);
  if (!live) throw resetLinkInvalid();
  return { valid: true, expires_at: live.row.expiresAt.toISOString() };
}

/**
 * Sets a new password with a reset token. Of two parallel uses one wins (atomic use of the
 * token, and the password version must still match). Every session of the account ends; the
 * reset signs nobody in, so a second factor still stands in the way.
 */
export async function resetPassword(request: NextRequest, token: string, password: string) {
  await consumeLimits([[LIMITS.resetIp, clientIp(request)]]);
  if (isCommonPassword(password)) throw commonPassword();
  const passwordHash = await hashPassword(password);
  const db = await appDb();
  const used = await consumeToken(db, 'reset', token);
  if (!used?.userId) throw resetLinkInvalid();
  const [changed] = await db
    .update(users)
    .set({
      passwordHash,
      passwordVersion: sql`${users.passwordVersion} + 1`,
      // The mail reached its owner: the address is proven.
      emailVerified: true,
      activatedAt: sql`coalesce(${users.activatedAt}, now())`,
    })
    .where(and(eq(users.id, used.userId), eq(users.passwordVersion, used.passwordVersion ?? -1)))
    .returning({ id: users.id });
  if (!changed) throw resetLinkInvalid();
  await endUserSessions(changed.id);
}
