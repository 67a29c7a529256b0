import 'server-only';
import type { NextRequest } from 'next/server';
import { appDb } from '@/lib/db/app-db';
import { ApiError, dataResponse } from '@/lib/http/api-response';
import { clientIp } from '@/lib/http/client-ip';
import { consumeLimits, resetLimit } from '@/lib/rate-limit/limiter';
import { mergeCartOnSignIn } from '@/features/cart/server/cart-merge.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';
import type { Store } from '@/features/tenancy/store-types';
import { logSignIn } from './auth-log.server';
import { createChallenge, needsSecondFactor } from './challenge.server';
import { accountKey, LIMITS } from './limits.server';
import { verifyPassword } from './password.server';
import { ensureSession, setSessionCookies, signInSession } from './session.server';
import { findUserByEmail, userDto, type UserRow } from './users-repository.server';
import { adoptSessionVatDisplay } from './vat-preference.server';

export const invalidCredentials = () =>
  new ApiError(401, 'invalid_credentials', 'The e-mail address or password is not right.');

/**
 * Finishes a sign-in: replaces the session id, marks a desktop-client sign-in, sets the cookies
 * and answers `{data:{user}}`.
 */
export async function signedInResponse(
  request: NextRequest,
  user: UserRow,
  options: { remember: boolean; ctd: boolean },
) {
  const handle = await signInSession(request, {
    userId: user.id,
    remember: options.remember,
    ctd: options.ctd,
  });
  // Every way of signing in ends here, so this is where the visitor's anonymous cart (hung on
  // the session id, which sign-in keeps) joins the customer's cart.
  await mergeCartOnSignIn({
    sessionId: handle.session.id,
    userId: user.id,
    store: (await requireStore(request)).store,
  });
  await adoptSessionVatDisplay(handle.session.id, user.id);
  const response = dataResponse({ user: await userDto(await appDb(), user) });
  await setSessionCookies(response, request, handle);
  return response;
}

/**
 * Step one of a sign-in with e-mail and password. Unknown e-mail and wrong password take the
 * same path (a dummy argon2 verify) and give the same answer; "not activated" is said only after
 * a right password. With a second factor, answers a challenge and signs nobody in.
 */
export async function passwordSignIn(
  request: NextRequest,
  store: Store,
  input: { email: string; password: string; remember_me: boolean; is_ctd: boolean },
) {
  const ip = clientIp(request);
  const account = accountKey(store.key, input.email);
  await consumeLimits([
    [LIMITS.loginIp, ip],
    [LIMITS.loginAccount, account],
  ]);
  const user = await findUserByEmail(await appDb(), store.key, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    logSignIn({
      outcome: 'failure',
      method: 'password',
      store: store.key,
      ip,
      userId: user?.id,
      reason: 'invalid_credentials',
    });
    throw invalidCredentials();
  }
  if (!user.activatedAt) {
    logSignIn({
      outcome: 'failure',
      method: 'password',
      store: store.key,
      ip,
      userId: user.id,
      reason: 'not_activated',
    });
    throw new ApiError(
      403,
      'account_not_activated',
      'This account is not activated yet. Open the link in the activation mail we sent you.',
    );
  }
  await resetLimit(LIMITS.loginAccount, account);
  if (needsSecondFactor(user)) {
    const { session } = await ensureSession(request);
    const challenge = await createChallenge(store, user, session.id, {
      rememberMe: input.remember_me,
      isCtd: input.is_ctd,
    });
    logSignIn({ outcome: 'challenge', method: 'password', store: store.key, ip, userId: user.id });
    return dataResponse({ challenge: challenge.challenge, methods: challenge.methods });
  }
  logSignIn({ outcome: 'success', method: 'password', store: store.key, ip, userId: user.id });
  return signedInResponse(request, user, { remember: input.remember_me, ctd: input.is_ctd });
}
