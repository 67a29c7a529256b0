import 'server-only';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits, resetLimit } from '@/lib/rate-limit/limiter';
import { recordActivity } from '@/features/activity/server/activity.server';
import { mergeCartOnSignIn } from '@/features/cart/server/cart-merge.server';
import type { RequestContext } from '@/features/session/server/request-context.server';
import {
  markSecondFactor,
  type SecondFactorMethod,
} from '@/features/session/server/second-factor.server';
import type { ChallengeMethod } from '../schemas';
import { logSignIn } from './auth-log.server';
import { mailSecurityChange } from './auth-mail.server';
import { backupCodesLeft } from './backup-codes.server';
import { answerChallenge } from './challenge-answer.server';
import { createChallenge, needsSecondFactor } from './challenge.server';
import { accountKey, LIMITS } from './limits.server';
import { verifyPassword } from './password.server';
import { findUserByEmail, userDto, type UserDto, type UserRow } from './users-repository.server';
import { adoptSessionVatDisplay } from './vat-preference.server';

/** What a sign-in step answers: the signed-in user, or the second step it needs. */
export type SignInResult = { user: UserDto } | { challenge: string; methods: ChallengeMethod[] };

export const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'The e-mail address or password is not right.');

/**
 * Finishes a sign-in on the request's session: a new session id, the desktop-client mark when
 * asked, the visitor's anonymous cart joined to the customer's and their VAT choice kept. The
 * route writes the new cookies from the context.
 */
export async function completeSignIn(
  ctx: RequestContext,
  user: UserRow,
  options: { remember: boolean; ctd: boolean; secondFactor?: SecondFactorMethod },
): Promise<{ user: UserDto }> {
  const visitVat = ctx.session?.vatDisplay ?? null;
  const { session } = await ctx.signIn({
    userId: user.id,
    remember: options.remember,
    ctd: options.ctd,
  });
  // The store's admin asks for a session that showed a second factor (docs/decisions/0161).
  if (options.secondFactor) await markSecondFactor(ctx, options.secondFactor);
  // Every way of signing in ends here, so this is where the visitor's anonymous cart (hung on
  // the session id, which sign-in keeps) joins the customer's cart.
  await mergeCartOnSignIn({ sessionId: session.id, userId: user.id, store: ctx.store });
  await adoptSessionVatDisplay(user.id, visitVat);
  await recordActivity({
    storeKey: ctx.store.key,
    accountId: user.accountId,
    actor: { userId: user.id, label: user.email, ip: ctx.ip },
    action: options.ctd ? 'sign_in.desktop' : 'sign_in',
    target: user.email,
  });
  return { user: await userDto(await appDb(), user) };
}

/**
 * Answers a second step for an account with a second factor (signing nobody in), else signs
 * the user in.
 */
export async function signInOrChallenge(
  ctx: RequestContext,
  user: UserRow,
  options: { remember: boolean; ctd: boolean; method: 'password' | 'google' },
): Promise<SignInResult> {
  if (needsSecondFactor(user)) {
    const { session } = await ctx.ensureSession();
    const challenge = await createChallenge(ctx, user, session.id, {
      rememberMe: options.remember,
      isCtd: options.ctd,
    });
    logSignIn({
      outcome: 'challenge',
      method: options.method,
      store: ctx.store.key,
      ip: ctx.ip,
      userId: user.id,
    });
    return { challenge: challenge.challenge, methods: challenge.methods };
  }
  logSignIn({
    outcome: 'success',
    method: options.method,
    store: ctx.store.key,
    ip: ctx.ip,
    userId: user.id,
  });
  return completeSignIn(ctx, user, { remember: options.remember, ctd: options.ctd });
}

/**
 * Step one of a sign-in with e-mail and password. Unknown e-mail and wrong password take the
 * same path (a dummy argon2 verify) and give the same answer; "not activated" is said only after
 * a right password. With a second factor, answers a challenge and signs nobody in.
 */
export async function passwordSignIn(
  ctx: RequestContext,
  input: { email: string; password: string; remember_me: boolean; is_ctd: boolean },
): Promise<SignInResult> {
  const { store, ip } = ctx;
  const account = accountKey(store.key, input.email);
  await consumeLimits([
    [LIMITS.loginIp, ip],
    [LIMITS.loginAccount, account],
  ]);
  const user = await findUserByEmail(await appDb(), store.key, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  const fail = (reason: string) =>
    logSignIn({
      outcome: 'failure',
      method: 'password',
      store: store.key,
      ip,
      userId: user?.id,
      reason,
    });
  if (!user || !ok) {
    fail('invalid_credentials');
    throw invalidCredentials();
  }
  if (!user.activatedAt) {
    fail('not_activated');
    // Only after the right password, so the answer tells a guesser nothing. A lost or expired
    // activation mail is not a dead end: a password reset proves the address and activates.
    throw new ApiError(
      403,
      'account_not_activated',
      'This account is not activated yet. Open the link in the activation mail we sent you, or choose a new password with Forgot password: its link activates the account too.',
    );
  }
  await resetLimit(LIMITS.loginAccount, account);
  return signInOrChallenge(ctx, user, {
    remember: input.remember_me,
    ctd: input.is_ctd,
    method: 'password',
  });
}

/**
 * Step two: a right code signs in with a new session id (the options of step one count, or the
 * ones given now); a wrong one is logged and refused.
 */
export async function finishChallenge(
  ctx: RequestContext,
  input: {
    challenge: string;
    code?: string;
    passkey?: AuthenticationResponseJSON;
    remember_me: boolean;
    is_ctd: boolean;
  },
): Promise<{ user: UserDto }> {
  let result;
  try {
    result = await answerChallenge(ctx, input.challenge, ctx.session?.id ?? null, input);
  } catch (error) {
    logSignIn({
      outcome: 'failure',
      method: input.passkey ? 'passkey' : 'totp',
      store: ctx.store.key,
      ip: ctx.ip,
      reason: 'second_factor',
    });
    throw error;
  }
  logSignIn({
    outcome: 'success',
    method: result.method,
    store: ctx.store.key,
    ip: ctx.ip,
    userId: result.user.id,
  });
  if (result.method === 'backup_code') {
    const left = await backupCodesLeft(result.user.id);
    await mailSecurityChange(ctx.store, result.user, {
      subject: 'A backup code was used to sign in',
      what: `Someone signed in to your account with one of your backup codes. ${left} of them ${left === 1 ? 'is' : 'are'} left; you can make a new set on the security page.`,
    });
  }
  return completeSignIn(ctx, result.user, {
    remember: input.remember_me || result.rememberMe,
    ctd: input.is_ctd || result.isCtd,
    secondFactor: result.method,
  });
}
