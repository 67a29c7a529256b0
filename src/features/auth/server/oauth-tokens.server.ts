// Longer than the house's 250 lines: the token endpoint's two grants, refresh rotation with
// reuse detection and revocation (RFC 6749, 9700, 7009) share one token model and read best
// together.
import 'server-only';
import { createHash } from 'node:crypto';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { OAuthError } from '@/lib/http/oauth-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import { secureEqual } from '@/lib/secure-compare';
import { hashToken, randomToken } from '@/lib/security/tokens';
import type { Store } from '@/features/tenancy/store-types';
import type { TokenRequest } from '../oauth-schemas';
import { DEFAULT_SCOPE, parseScope, scopeString, type Scope } from '../oauth-scopes';
import { logOAuth } from './auth-log.server';
import { LIMITS } from './limits.server';
import {
  consumeCode,
  findAnyToken,
  findToken,
  insertTokens,
  revokeFamily,
  revokeToken,
  revokeUserTokens,
  takeRefreshToken,
} from './oauth-repository.server';
import { findUserById } from './users-repository.server';

/** Access tokens live 1 hour; a refresh token 30 days from its issue (each refresh makes a new one). */
const ACCESS_S = 3600;
const REFRESH_MS = 30 * 24 * 3_600_000;

type Caller = { store: Store; ip: string };

const invalidGrant = (what = 'The code is invalid, expired or already used.') =>
  new OAuthError(400, 'invalid_grant', what);

/** Scopes as stored: rows from before scopes existed have none recorded and get the default. */
const storedScopes = (scope: string): Scope[] =>
  scope ? (parseScope(scope) ?? []) : DEFAULT_SCOPE;

/** A new access and refresh token of one family (the code's hash), stored hashed. */
async function issueTokens(
  db: AppDb,
  family: { codeHash: string; userId: string; clientId: string; scopes: Scope[] },
  at: Date,
) {
  const access = randomToken(32);
  const refresh = randomToken(32);
  const scope = scopeString(family.scopes);
  const common = {
    codeHash: family.codeHash,
    userId: family.userId,
    clientId: family.clientId,
    scope,
  };
  await insertTokens(db, [
    {
      ...common,
      tokenHash: hashToken(access),
      kind: 'access',
      expiresAt: new Date(at.getTime() + ACCESS_S * 1000),
    },
    {
      ...common,
      tokenHash: hashToken(refresh),
      kind: 'refresh',
      expiresAt: new Date(at.getTime() + REFRESH_MS),
    },
  ]);
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_S,
    refresh_token: refresh,
    scope,
  };
}

/** A user of another store never gets tokens on this one (users belong to one store). */
async function userOfStore(db: AppDb, userId: string, store: Store): Promise<boolean> {
  const user = await findUserById(db, userId);
  return user?.storeKey === store.key;
}

/**
 * Exchanges a code and its PKCE verifier for tokens. The code is used up before anything else
 * is checked, so a wrong verifier burns it; a second use of a code revokes every token it gave
 * (RFC 6749 section 4.1.2).
 */
async function exchangeCode(
  input: Extract<TokenRequest, { grant_type: 'authorization_code' }>,
  caller: Caller,
) {
  const db = await appDb();
  const at = now();
  const codeHash = hashToken(input.code);
  const code = await consumeCode(db, codeHash, at);
  if (!code) {
    await revokeFamily(db, codeHash, at);
    logOAuth({
      event: 'code_replayed',
      store: caller.store.key,
      ip: caller.ip,
      clientId: input.client_id,
    });
    throw invalidGrant();
  }
  const challenge = createHash('sha256').update(input.code_verifier).digest('base64url');
  const matches =
    code.expiresAt.getTime() > at.getTime() &&
    code.clientId === input.client_id &&
    code.redirectUri === input.redirect_uri &&
    secureEqual(challenge, code.codeChallenge) &&
    (await userOfStore(db, code.userId, caller.store));
  if (!matches) {
    logOAuth({
      event: 'grant_refused',
      store: caller.store.key,
      ip: caller.ip,
      userId: code.userId,
      clientId: input.client_id,
      reason: 'code_mismatch',
    });
    throw invalidGrant();
  }
  const tokens = await issueTokens(
    db,
    { codeHash, userId: code.userId, clientId: code.clientId, scopes: storedScopes(code.scope) },
    at,
  );
  logOAuth({
    event: 'tokens_issued',
    store: caller.store.key,
    ip: caller.ip,
    userId: code.userId,
    clientId: code.clientId,
  });
  return tokens;
}

/**
 * The refresh_token grant (RFC 6749 section 6): the refresh token is used up and a new pair
 * issued (rotation). A refresh token that was already used or revoked coming back means it was
 * copied: the whole family is revoked (RFC 9700 section 4.14.2). A narrower scope may be asked.
 */
async function refresh(
  input: Extract<TokenRequest, { grant_type: 'refresh_token' }>,
  caller: Caller,
) {
  const db = await appDb();
  const at = now();
  const tokenHash = hashToken(input.refresh_token);
  const tokens = await db.transaction(async (tx) => {
    const row = await takeRefreshToken(tx, tokenHash, at);
    if (!row) return null;
    if (row.expiresAt.getTime() <= at.getTime() || row.clientId !== input.client_id)
      return 'refused';
    if (!(await userOfStore(tx, row.userId, caller.store))) return 'refused';
    const granted = storedScopes(row.scope);
    const asked = input.scope === undefined ? granted : parseScope(input.scope);
    if (!asked || !asked.every((s) => granted.includes(s))) return 'scope';
    return {
      row,
      answer: await issueTokens(
        tx,
        { codeHash: row.codeHash, userId: row.userId, clientId: row.clientId, scopes: asked },
        at,
      ),
    };
  });
  if (tokens === 'scope') {
    throw new OAuthError(
      400,
      'invalid_scope',
      'A refresh may ask for the granted scopes or fewer.',
    );
  }
  if (tokens === 'refused') throw invalidGrant('The refresh token is invalid or expired.');
  if (!tokens) {
    const known = await findAnyToken(db, tokenHash);
    if (known?.kind === 'refresh') {
      await revokeFamily(db, known.codeHash, at);
      logOAuth({
        event: 'refresh_reused',
        store: caller.store.key,
        ip: caller.ip,
        userId: known.userId,
        clientId: known.clientId,
      });
    }
    throw invalidGrant('The refresh token is invalid, expired or already used.');
  }
  logOAuth({
    event: 'tokens_refreshed',
    store: caller.store.key,
    ip: caller.ip,
    userId: tokens.row.userId,
    clientId: tokens.row.clientId,
  });
  return tokens.answer;
}

/** POST /api/oauth/token: the authorization_code and refresh_token grants. */
export async function tokenGrant(input: TokenRequest, caller: Caller) {
  await consumeLimits([[LIMITS.tokenIp, caller.ip]]);
  return input.grant_type === 'authorization_code'
    ? exchangeCode(input, caller)
    : refresh(input, caller);
}

/**
 * POST /api/oauth/revoke (RFC 7009): revokes an access token, or a refresh token with its whole
 * family. An unknown, expired or already revoked token is answered the same, since the client's
 * wish (the token is dead) holds. A token of another client is refused.
 */
export async function revoke(
  input: { token: string; client_id?: string },
  caller: Caller,
): Promise<void> {
  await consumeLimits([[LIMITS.revokeIp, caller.ip]]);
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(input.token)) return;
  const db = await appDb();
  const at = now();
  const row = await findAnyToken(db, hashToken(input.token));
  if (!row || row.revokedAt) return;
  if (input.client_id !== undefined && input.client_id !== row.clientId) {
    throw new OAuthError(400, 'unauthorized_client', 'This token was issued to another client.');
  }
  if (row.kind === 'refresh') await revokeFamily(db, row.codeHash, at);
  else await revokeToken(db, row.tokenHash, at);
  logOAuth({
    event: 'token_revoked',
    store: caller.store.key,
    ip: caller.ip,
    userId: row.userId,
    clientId: row.clientId,
    reason: row.kind,
  });
}

/** What a live access token grants: its user, client and scopes; null when it grants nothing. */
export async function accessTokenGrant(
  token: string,
): Promise<{ userId: string; clientId: string; scopes: Scope[] } | null> {
  if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  const row = await findToken(await appDb(), hashToken(token), 'access');
  if (!row || row.expiresAt.getTime() <= now().getTime()) return null;
  return { userId: row.userId, clientId: row.clientId, scopes: storedScopes(row.scope) };
}

/** The user of a live access token, or null. */
export async function userOfAccessToken(token: string): Promise<string | null> {
  return (await accessTokenGrant(token))?.userId ?? null;
}

/** Ends every desktop-client token of a user (sign out everywhere, a new password). */
export async function revokeDesktopTokens(userId: string): Promise<void> {
  await revokeUserTokens(await appDb(), userId, now());
}
