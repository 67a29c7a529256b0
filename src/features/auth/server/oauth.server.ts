import 'server-only';
import { createHash } from 'node:crypto';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { getEnv } from '@/lib/env';
import { OAuthError } from '@/lib/http/oauth-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { secureEqual } from '@/lib/secure-compare';
import { hashToken, randomToken } from '@/lib/security/tokens';
import {
  takeDesktopSignInMark,
  type Session,
} from '@/features/session/server/session-service.server';
import { LIMITS } from './limits.server';
import {
  findToken,
  insertCode,
  insertTokens,
  revokeTokensOfCode,
  consumeCode,
} from './oauth-repository.server';

/** Codes live 5 minutes (RFC 6749 allows at most 10); access tokens 1 hour; refresh 30 days. */
const CODE_MS = 5 * 60_000;
const ACCESS_S = 3600;
const REFRESH_MS = 30 * 24 * 3_600_000;

/**
 * True for a loopback redirect of a native app (RFC 8252 section 7.3): http, the literal
 * 127.0.0.1 or [::1] (not "localhost", which DNS could point elsewhere), any port, no fragment
 * and no user info.
 */
export function isLoopbackRedirect(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === '[::1]') &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !value.includes('#')
  );
}

export type GrantInput = {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  code_challenge_method: string;
  state: string;
};

/**
 * Issues an authorization code to the desktop client for the user who just signed in with
 * is_ctd on this session. PKCE S256 only; the ctd mark is used up.
 */
export async function grantCtd(session: Session | null, input: GrantInput) {
  if (!session?.userId) throw new OAuthError(401, 'login_required', 'Sign in first.');
  if (!getEnv().CTD_CLIENT_IDS.includes(input.client_id)) {
    throw new OAuthError(400, 'unauthorized_client', 'This client may not use the desktop grant.');
  }
  if (!isLoopbackRedirect(input.redirect_uri)) {
    throw new OAuthError(
      400,
      'invalid_request',
      'redirect_uri must be http://127.0.0.1:<port>/... or http://[::1]:<port>/...',
    );
  }
  if (input.code_challenge_method !== 'S256') {
    throw new OAuthError(400, 'invalid_request', 'code_challenge_method must be S256.');
  }
  // The mark of an is_ctd sign-in, used up atomically: one sign-in, one grant.
  if (!(await takeDesktopSignInMark(session))) {
    throw new OAuthError(403, 'access_denied', 'Sign in from the desktop app (is_ctd) first.');
  }
  const code = randomToken(32);
  await insertCode(await appDb(), {
    codeHash: hashToken(code),
    clientId: input.client_id,
    redirectUri: input.redirect_uri,
    codeChallenge: input.code_challenge,
    userId: session.userId,
    expiresAt: new Date(now().getTime() + CODE_MS),
  });
  const redirect = new URL(input.redirect_uri);
  redirect.searchParams.set('code', code);
  redirect.searchParams.set('state', input.state);
  return {
    code,
    state: input.state,
    redirect_uri: redirect.toString(),
    expires_in: CODE_MS / 1000,
  };
}

export type TokenInput = {
  grant_type: 'authorization_code';
  code: string;
  redirect_uri: string;
  client_id: string;
  code_verifier: string;
};

const invalidGrant = () =>
  new OAuthError(400, 'invalid_grant', 'The code is invalid, expired or already used.');

/**
 * Exchanges a code and its PKCE verifier for tokens. The code is used up before anything else
 * is checked, so a wrong verifier burns it; a second use of a code revokes every token it gave
 * (RFC 6749 section 4.1.2).
 */
export async function exchangeCode(input: TokenInput, ip: string) {
  await consumeLimits([[LIMITS.tokenIp, ip]]);
  const db = await appDb();
  const at = now();
  const codeHash = hashToken(input.code);
  const code = await consumeCode(db, codeHash, at);
  if (!code) {
    await revokeTokensOfCode(db, codeHash, at);
    throw invalidGrant();
  }
  const challenge = createHash('sha256').update(input.code_verifier).digest('base64url');
  const matches =
    code.expiresAt.getTime() > at.getTime() &&
    code.clientId === input.client_id &&
    code.redirectUri === input.redirect_uri &&
    secureEqual(challenge, code.codeChallenge);
  if (!matches) throw invalidGrant();
  const access = randomToken(32);
  const refresh = randomToken(32);
  await insertTokens(db, [
    {
      tokenHash: hashToken(access),
      kind: 'access',
      codeHash,
      userId: code.userId,
      clientId: code.clientId,
      expiresAt: new Date(at.getTime() + ACCESS_S * 1000),
    },
    {
      tokenHash: hashToken(refresh),
      kind: 'refresh',
      codeHash,
      userId: code.userId,
      clientId: code.clientId,
      expiresAt: new Date(at.getTime() + REFRESH_MS),
    },
  ]);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_S,
    refresh_token: refresh,
  };
}

/** The user of a live access token, or null (for calls the desktop client makes with it). */
export async function userOfAccessToken(token: string): Promise<string | null> {
  const row = await findToken(await appDb(), hashToken(token), 'access');
  return row && row.expiresAt.getTime() > now().getTime() ? row.userId : null;
}
