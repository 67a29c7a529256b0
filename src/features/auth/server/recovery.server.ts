import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { endUserSessions } from '@/features/session/server/session-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { recordActivity } from '@/features/activity/server/activity.server';
import { mailReset } from './auth-mail.server';
import { accountKey, LIMITS } from './limits.server';
import { guessablePassword, hashPassword } from './password.server';
import { revokeDesktopTokens } from './oauth-tokens.server';
import { commonPassword } from './registration.server';
import { findToken, isUsable, issueToken, consumeToken } from './one-time-token-repository.server';
import { findUserByEmail, findUserById, replacePassword } from './users-repository.server';

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
  { store, ip }: { store: Store; ip: string },
  email: string,
): Promise<void> {
  await consumeLimits([
    [LIMITS.forgotIp, ip],
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
export async function checkReset(ip: string, token: string) {
  await consumeLimits([[LIMITS.resetIp, ip]]);
  const live = await liveReset(token);
  if (!live) throw resetLinkInvalid();
  return { valid: true, expires_at: live.row.expiresAt.toISOString() };
}

/**
 * Sets a new password with a reset token. Of two parallel uses one wins (atomic use of the
 * token, and the password version must still match). Every session and desktop-client token of
 * the account ends; the reset signs nobody in, so a second factor still stands in the way. The
 * account's activity log records it.
 */
export async function resetPassword(ip: string, token: string, password: string) {
  await consumeLimits([[LIMITS.resetIp, ip]]);
  // The account's own address and name count as guessable: asked before the token is used, so a
  // refused password leaves the link working.
  const live = await liveReset(token);
  if (guessablePassword(password, live?.user ?? {})) throw commonPassword();
  const passwordHash = await hashPassword(password);
  const db = await appDb();
  const used = await consumeToken(db, 'reset', token);
  if (!used?.userId) throw resetLinkInvalid();
  // The mail reached its owner: the address is proven, which replacePassword records.
  const changed = await replacePassword(db, {
    userId: used.userId,
    expectedVersion: used.passwordVersion ?? -1,
    passwordHash,
    at: now(),
  });
  if (!changed) throw resetLinkInvalid();
  await endUserSessions(used.userId);
  await revokeDesktopTokens(used.userId);
  const user = await findUserById(db, used.userId);
  if (user) {
    await recordActivity({
      storeKey: user.storeKey,
      accountId: user.accountId,
      actor: { userId: user.id, label: user.email, ip },
      action: 'password.reset',
      target: user.email,
    });
  }
}
