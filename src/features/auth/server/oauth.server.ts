import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { getEnv } from '@/lib/env';
import { OAuthError } from '@/lib/http/oauth-response';
import { hashToken, randomToken } from '@/lib/security/tokens';
import { storeLink } from '@/features/mail/store-link';
import {
  takeDesktopSignInMark,
  type Session,
} from '@/features/session/server/session-service.server';
import type { Store } from '@/features/tenancy/store-types';
import { oauthErrorRedirect } from '../oauth-redirect';
import { parseScope, scopeString, type Scope } from '../oauth-scopes';
import { logOAuth } from './auth-log.server';
import { insertCode } from './oauth-repository.server';

/** Codes live 5 minutes (RFC 6749 allows at most 10). */
const CODE_MS = 5 * 60_000;

/**
 * The issuer of a store (RFC 8414): its public address, the one its mails link to. Every brand
 * host serves its own metadata, so a desktop client knows whom it is talking to.
 */
export const issuerOf = (store: Store): string => storeLink(store, '');

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

/** True when a client may use the desktop grant (CTD_CLIENT_IDS). */
export const isDesktopClient = (clientId: string): boolean =>
  getEnv().CTD_CLIENT_IDS.includes(clientId);

/** How the consent screen names a client: "callwave-desktop" is "Callwave Desktop". */
export const clientName = (clientId: string): string =>
  clientId
    .split(/[-_.]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

export type GrantInput = {
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  code_challenge_method: string;
  state: string;
  scope?: string;
};

/**
 * Issues an authorization code to the desktop client for the user who just signed in with
 * is_ctd on this session. PKCE S256 only; the ctd mark is used up. The redirect carries `code`,
 * `state` and `iss` (RFC 9207), so the client can tell which server answered.
 */
export async function grantCtd(
  ctx: { store: Store; session: Session | null; ip: string },
  input: GrantInput,
) {
  const { session, store } = ctx;
  if (!session?.userId) throw new OAuthError(401, 'login_required', 'Sign in first.');
  if (!isDesktopClient(input.client_id)) {
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
  const scopes = parseScope(input.scope);
  if (!scopes) throw new OAuthError(400, 'invalid_scope', 'The scope names an unknown scope.');
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
    scope: scopeString(scopes),
    userId: session.userId,
    expiresAt: new Date(now().getTime() + CODE_MS),
  });
  logOAuth({
    event: 'code_issued',
    store: store.key,
    ip: ctx.ip,
    userId: session.userId,
    clientId: input.client_id,
  });
  const redirect = new URL(input.redirect_uri);
  redirect.searchParams.set('code', code);
  redirect.searchParams.set('state', input.state);
  redirect.searchParams.set('iss', issuerOf(store));
  return {
    code,
    state: input.state,
    redirect_uri: redirect.toString(),
    expires_in: CODE_MS / 1000,
    scope: scopeString(scopes),
  };
}

/** The query of `/oauth/authorize`, each parameter as given (repeated ones as a list). */
export type AuthorizeQuery = Record<string, string | string[] | undefined>;

/** What the authorize page does with a request (RFC 6749 section 4.1.2.1). */
export type AuthorizeDecision =
  /** The client or its redirect URI is not valid: shown, never redirected to. */
  | { kind: 'invalid'; message: string }
  /** Any other error goes back to the (valid) redirect URI. */
  | { kind: 'redirect'; url: string }
  | {
      kind: 'ask';
      request: {
        client_id: string;
        client_name: string;
        redirect_uri: string;
        code_challenge: string;
        state: string;
        scope: string;
        scopes: Scope[];
        issuer: string;
      };
    };

const single = (query: AuthorizeQuery, name: string): string | undefined | null => {
  const value = query[name];
  if (Array.isArray(value)) return null; // given more than once
  return value;
};

/**
 * Checks an authorization request of the desktop client. The client and its redirect URI come
 * first: while either is invalid nothing may be sent to the URI. Then the response type, PKCE,
 * state and scope, whose errors go back to the client.
 */
export function checkAuthorizeRequest(store: Store, query: AuthorizeQuery): AuthorizeDecision {
  const clientId = single(query, 'client_id');
  if (!clientId || !isDesktopClient(clientId)) {
    return {
      kind: 'invalid',
      message: clientId
        ? `The application “${clientId}” is not known here, so it cannot sign in with your account.`
        : 'The link that brought you here does not name an application.',
    };
  }
  const redirectUri = single(query, 'redirect_uri');
  if (!redirectUri || !isLoopbackRedirect(redirectUri)) {
    return {
      kind: 'invalid',
      message:
        'The link that brought you here does not say where to return to on this computer, so it cannot be used.',
    };
  }
  const issuer = issuerOf(store);
  const state = single(query, 'state') ?? undefined;
  const fail = (error: string, description: string): AuthorizeDecision => ({
    kind: 'redirect',
    url: oauthErrorRedirect(redirectUri, issuer, { error, error_description: description }, state),
  });
  const repeated = Object.entries(query).find(([, v]) => Array.isArray(v));
  if (repeated) return fail('invalid_request', `${repeated[0]} is given more than once.`);
  if (query.response_type !== 'code') {
    return fail('unsupported_response_type', 'response_type must be code.');
  }
  const challenge = single(query, 'code_challenge');
  if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return fail('invalid_request', 'code_challenge must be the S256 challenge of a verifier.');
  }
  if (query.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256.');
  }
  if (!state || !/^[\x21-\x7e]{1,512}$/.test(state)) {
    return fail('invalid_request', 'state must be 1-512 visible ASCII characters.');
  }
  const scopes = parseScope(single(query, 'scope'));
  if (!scopes) return fail('invalid_scope', 'The scope names an unknown scope.');
  return {
    kind: 'ask',
    request: {
      client_id: clientId,
      client_name: clientName(clientId),
      redirect_uri: redirectUri,
      code_challenge: challenge,
      state,
      scope: scopeString(scopes),
      scopes,
      issuer,
    },
  };
}
