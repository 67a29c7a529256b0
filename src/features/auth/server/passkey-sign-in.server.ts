import 'server-only';
import {
  generateAuthenticationOptions,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { appDb } from '@/lib/db/app-db';
import type { RequestContext } from '@/features/session/server/request-context.server';
import { logSignIn } from './auth-log.server';
import { consumeToken, issueToken } from './one-time-token-repository.server';
import { CEREMONY_MS, challengeOf, passkeyRefused } from './passkeys.server';
import { limitPasskeyCalls, verifyAssertion } from './passkey-assertion.server';
import { completeSignIn } from './sign-in.server';
import { findUserById, type UserDto } from './users-repository.server';

/**
 * Options for signing in with a passkey and no password: no credentials are listed,
 * so the browser offers the discoverable passkeys it has for this host; user verification (a
 * PIN, a fingerprint) is required, which makes the passkey a second factor in itself.
 */
export async function passkeySignInOptions(ctx: RequestContext) {
  await limitPasskeyCalls(ctx.ip);
  const options = await generateAuthenticationOptions({
    rpID: ctx.host,
    timeout: CEREMONY_MS,
    userVerification: 'required',
  });
  await issueToken(await appDb(), 'passkey', {}, options.challenge);
  return options;
}

/**
 * Signs in with a passkey's answer to those options: the challenge is used up, the signature
 * checked against the stored public key, and the credential's user signed in (no second step:
 * the verified passkey is one). Every refusal is the same 401 and logged.
 */
export async function passkeySignIn(
  ctx: RequestContext,
  input: { response: AuthenticationResponseJSON; remember_me: boolean; is_ctd: boolean },
): Promise<{ user: UserDto }> {
  await limitPasskeyCalls(ctx.ip);
  const db = await appDb();
  const challenge = challengeOf(input.response);
  const token = challenge ? await consumeToken(db, 'passkey', challenge) : null;
  const passkey =
    challenge && token && token.userId === null
      ? await verifyAssertion(ctx, input.response, { challenge, requireUserVerification: true })
      : null;
  const user = passkey ? await findUserById(db, passkey.userId) : null;
  if (!user || user.storeKey !== ctx.store.key || !user.activatedAt) {
    logSignIn({
      outcome: 'failure',
      method: 'passkey',
      store: ctx.store.key,
      ip: ctx.ip,
      userId: user?.id,
      reason: token ? 'invalid_passkey' : 'challenge_unknown',
    });
    throw passkeyRefused();
  }
  logSignIn({
    outcome: 'success',
    method: 'passkey',
    store: ctx.store.key,
    ip: ctx.ip,
    userId: user.id,
  });
  return completeSignIn(ctx, user, {
    remember: input.remember_me,
    ctd: input.is_ctd,
    secondFactor: 'passkey',
  });
}
