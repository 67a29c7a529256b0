import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import {
  endUserSession,
  endUserSessions,
  userSessions,
} from '@/features/session/server/session-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { recordActivity } from '@/features/activity/server/activity.server';
import { deviceName } from '../device-name';
import { maskEmail } from '../masks';
import { mailConfirmEmail, mailEmailTaken, mailSecurityChange } from './auth-mail.server';
import { LIMITS } from './limits.server';
import { consumeToken, issueEmailChange } from './one-time-token-repository.server';
import { revokeDesktopTokens } from './oauth-tokens.server';
import { guessablePassword, hashPassword } from './password.server';
import { confirmPassword } from './reauth.server';
import { commonPassword, emailTaken } from './registration.server';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  replaceEmail,
  replacePassword,
  type UserRow,
} from './users-repository.server';

/** The account's activity log entry of a change a person made to their own sign-in. */
function recordOwnChange(
  user: UserRow,
  ip: string,
  action: string,
  target: string,
  detail?: Record<string, unknown>,
) {
  return recordActivity({
    storeKey: user.storeKey,
    accountId: user.accountId,
    actor: { userId: user.id, label: user.email, ip },
    action,
    target,
    detail,
  });
}

/**
 * Changes the password: the current one first. Every other session and every
 * desktop-client token ends and reset links die (the password version moves on); the session
 * in use stays signed in. The customer is mailed, and the account's activity log records it.
 */
export async function changePassword(
  store: Store,
  user: UserRow,
  input: {
    current_password: string;
    password: string;
    sessionId: string | null;
    ip: string;
  },
): Promise<void> {
  await confirmPassword(user, input.current_password);
  if (guessablePassword(input.password, user)) throw commonPassword();
  const passwordHash = await hashPassword(input.password);
  const changed = await replacePassword(await appDb(), {
    userId: user.id,
    expectedVersion: user.passwordVersion,
    passwordHash,
    at: now(),
  });
  if (!changed) {
    throw new ApiError(409, 'password_changed', 'The password changed meanwhile. Sign in again.');
  }
  await endUserSessions(user.id, input.sessionId ?? undefined);
  await revokeDesktopTokens(user.id);
  await recordOwnChange(user, input.ip, 'password.changed', user.email);
  await mailSecurityChange(store, user, {
    subject: 'Your password was changed',
    what: 'The password of your account was changed. Other devices were signed out.',
  });
}

/**
 * Asks to move the account to a new address (after the password): a link goes to the new
 * address, and nothing changes until it is opened. If the new address has an account already,
 * that address gets a notice instead; the caller is answered the same either way, and the
 * request is kept and logged the same way (its link is never sent, docs/decisions/0317).
 */
export async function requestEmailChange(
  store: Store,
  user: UserRow,
  input: { password: string; email: string; ip: string },
): Promise<void> {
  await consumeLimits([[LIMITS.emailChange, user.id]]);
  await confirmPassword(user, input.password);
  if (input.email === user.email) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      email: ['is the address the account already has'],
    });
  }
  const db = await appDb();
  const { token } = await issueEmailChange(db, { userId: user.id, email: input.email });
  await recordOwnChange(user, input.ip, 'email.change_requested', input.email);
  if (await findUserByEmail(db, store.key, input.email)) {
    await mailEmailTaken(store, input.email);
    return;
  }
  await mailConfirmEmail(store, { name: user.name, email: input.email }, token);
}

/**
 * Confirms a new address from the link mailed to it: the account moves to it, and the old
 * address is told. Needs no sign-in: the link is the proof, and may be opened on
 * another device. 410 for a used or expired link, 409 when the address was taken meanwhile.
 */
export async function confirmEmailChange(store: Store, ip: string, token: string) {
  await consumeLimits([[LIMITS.emailConfirmIp, ip]]);
  const db = await appDb();
  const used = await consumeToken(db, 'email_change', token);
  const user = used?.userId ? await findUserById(db, used.userId) : null;
  if (!used?.email || !user || user.storeKey !== store.key) {
    throw new ApiError(
      410,
      'token_invalid',
      'This link is not valid any more. Ask for the change again from your account.',
    );
  }
  try {
    await replaceEmail(db, user.id, used.email);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await recordOwnChange(user, ip, 'email.changed', used.email, { from: user.email });
  await mailSecurityChange(store, user, {
    subject: 'Your e-mail address was changed',
    what: `The e-mail address of your account was changed to ${maskEmail(used.email)}. Mail about your account now goes there.`,
  });
  return { email: used.email };
}

/** The customer's signed-in sessions, with the device, address and last use of each. */
export async function listSessions(userId: string, currentSessionId: string | null) {
  const sessions = await userSessions(userId);
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === currentSessionId,
      device: deviceName(s.userAgent),
      ip: s.ip,
      signed_in_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
    })),
  };
}

/** Signs one of the customer's sessions out; 404 when the customer has no such session. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  if (!(await endUserSession(userId, sessionId))) {
    throw new ApiError(404, 'session_not_found', 'There is no such session.');
  }
}

/** Sign out everywhere: every session and every desktop-client token of the customer. */
export async function signOutEverywhere(userId: string): Promise<void> {
  await endUserSessions(userId);
  await revokeDesktopTokens(userId);
}
