import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser } from '../support/auth-flows';
import { routeFetch } from '../support/route-fetch';

/**
 * The desktop client's side of the flow, driven by a maintained OAuth client
 * library (oauth4webapi) as a native app runs it: discovery, the browser's sign-in and consent,
 * the code exchanged with PKCE and no cookie, bearer calls, refresh with rotation and reuse
 * detection, revocation.
 */

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const grant = await import('@/app/api/oauth/grant/ctd/route');
const token = await import('@/app/api/oauth/token/route');
const revoke = await import('@/app/api/oauth/revoke/route');
const metadata = await import('@/app/api/oauth/metadata/route');
const servicesRoute = await import('@/app/api/services/route');
const serviceRoute = await import('@/app/api/services/[id]/route');
const { checkAuthorizeRequest } = await import('@/features/auth/server/oauth.server');
const { requireStoreOfHost } = await import('@/features/tenancy/server/store-service.server');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const issuer = new URL('https://www.nameport.example');
const client: oauth.Client = { client_id: 'callwave-desktop' };
const none = oauth.None();
const REDIRECT = 'http://127.0.0.1:53682/callback';

/** The product's routes as the desktop app reaches them over the network. */
const network = {
  [oauth.customFetch]: routeFetch({
    '/.well-known/oauth-authorization-server': metadata.GET,
    '/api/oauth/token': token.POST,
    '/api/oauth/revoke': revoke.POST,
    '/api/customer': routes.customer.GET,
    '/api/account/phone': routes.phone.PUT,
    '/api/services': servicesRoute.GET,
    '/api/services/00000000-0000-4000-8000-000000000000': serviceRoute.PATCH,
  }),
};

async function discover(at = issuer) {
  // A local demo store is served over plain http, which the library refuses unless told.
  const local = at.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
  return oauth.processDiscoveryResponse(
    at,
    await oauth.discoveryRequest(at, { ...network, ...local, algorithm: 'oauth2' }),
  );
}

/**
 * What happens in the system browser: the customer signs in with is_ctd and consents; the page
 * calls the grant and follows its redirect. Answers the URL the loopback listener receives.
 */
async function browserConsent(authorizationUrl: URL, email: string): Promise<URL> {
  const store = await requireStoreOfHost('nameport.localhost');
  const decision = checkAuthorizeRequest(store, Object.fromEntries(authorizationUrl.searchParams));
  expect(decision.kind).toBe('ask');
  if (decision.kind !== 'ask') throw new Error('not asked');
  const agent = await readyAgent(routes);
  const login = await agent.call(routes.login.POST, '/api/login', {
    method: 'POST',
    json: { email, password: PASSWORD, is_ctd: true },
  });
  expect(login.status).toBe(200);
  const { request } = decision;
  const granted = await agent.call(grant.POST, '/api/oauth/grant/ctd', {
    method: 'POST',
    json: {
      client_id: request.client_id,
      redirect_uri: request.redirect_uri,
      code_challenge: request.code_challenge,
      code_challenge_method: 'S256',
      state: request.state,
      scope: request.scope,
    },
  });
  expect(granted.status).toBe(200);
  return new URL(granted.body.data.redirect_uri);
}

/** The desktop app's sign-in, from discovery to tokens. */
async function desktopSignIn(email: string, scope?: string) {
  const as = await discover();
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  if (scope) url.searchParams.set('scope', scope);
  const callback = await browserConsent(url, email);
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    none,
    params,
    REDIRECT,
    verifier,
    network,
  );
  expect(response.headers.getSetCookie()).toEqual([]);
  return { as, tokens: await oauth.processAuthorizationCodeResponse(as, client, response) };
}

/**
 * A bearer call as the desktop app makes it. A refusal comes back from oauth4webapi as the
 * challenge of the WWW-Authenticate header (RFC 6750); answered here as status, body, challenge.
 */
async function bearerCall(accessToken: string, method: string, url: URL, body?: unknown) {
  let response: Response;
  let challenge: oauth.WWWAuthenticateChallenge | undefined;
  try {
    response = await oauth.protectedResourceRequest(
      accessToken,
      method,
      url,
      body === undefined ? undefined : new Headers({ 'content-type': 'application/json' }),
      body === undefined ? undefined : JSON.stringify(body),
      network,
    );
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error;
    response = error.response;
    challenge = error.cause[0];
  }
  return {
    status: response.status,
    cookies: response.headers.getSetCookie(),
    body: await response.json(),
    challenge,
  };
}

const customer = (accessToken: string) =>
  bearerCall(accessToken, 'GET', new URL('/api/customer', issuer));

const refresh = async (as: oauth.AuthorizationServer, refreshToken: string, scope?: string) =>
  oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, none, refreshToken, {
      ...network,
      ...(scope ? { additionalParameters: { scope } } : {}),
    }),
  );

describe('the desktop client, as oauth4webapi runs it', () => {
  it('discovers the store, signs in through the browser and calls GET /api/customer with its token', async () => {
    const as = await discover();
    expect(as).toMatchObject({
      issuer: 'https://www.nameport.example',
      authorization_endpoint: 'https://www.nameport.example/oauth/authorize',
      token_endpoint: 'https://www.nameport.example/api/oauth/token',
      revocation_endpoint: 'https://www.nameport.example/api/oauth/revoke',
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
    });

    const email = await registeredUser(routes, mail, freshEmail('desktop'), { name: 'Dee Sktop' });
    const { tokens } = await desktopSignIn(email, 'account:read services:read');
    expect(tokens).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'account:read services:read',
    });
    const answer = await customer(tokens.access_token);
    expect(answer.status).toBe(200);
    expect(answer.cookies).toEqual([]);
    expect(answer.body.data.user).toMatchObject({ email, name: 'Dee Sktop' });
    expect(answer.body.data.cart.items).toEqual([]);
  });

  it('reads the services with a token granted services:read, and not without it', async () => {
    const email = await registeredUser(routes, mail, freshEmail('services'));
    const services = new URL('/api/services', issuer);
    const reader = await desktopSignIn(email, 'account:read services:read');
    const listed = await bearerCall(reader.tokens.access_token, 'GET', services);
    expect(listed.status).toBe(200);
    expect(listed.body.data.services).toEqual([]);
    expect(listed.cookies).toEqual([]);

    // A change needs services:write; with it, a native client's PATCH needs no CSRF token.
    const one = new URL('/api/services/00000000-0000-4000-8000-000000000000', issuer);
    const readOnly = await bearerCall(reader.tokens.access_token, 'PATCH', one, { locked: true });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.code).toBe('insufficient_scope');
    const writer = await desktopSignIn(email, 'account:read services:read services:write');
    const unknown = await bearerCall(writer.tokens.access_token, 'PATCH', one, { locked: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('service_not_found');

    const narrow = await desktopSignIn(email, 'account:read');
    const refused = await bearerCall(narrow.tokens.access_token, 'GET', services);
    expect(refused.status).toBe(403);
    expect(refused.challenge?.parameters).toMatchObject({
      error: 'insufficient_scope',
      scope: 'services:read',
    });
  });

  it('rotates refresh tokens; a used refresh token coming back revokes the whole family', async () => {
    const email = await registeredUser(routes, mail, freshEmail('rotate'));
    const { as, tokens } = await desktopSignIn(email);
    const first = tokens.refresh_token!;
    const second = await refresh(as, first);
    expect(second.refresh_token).not.toBe(first);
    expect(second.access_token).not.toBe(tokens.access_token);
    expect((await customer(second.access_token)).status).toBe(200);

    // A copy of the first refresh token is used again: refused, and the live tokens die too.
    const reuse = await refresh(as, first).catch((e: unknown) => e);
    expect(reuse).toBeInstanceOf(oauth.ResponseBodyError);
    expect((reuse as oauth.ResponseBodyError).error).toBe('invalid_grant');
    const dead = await customer(second.access_token);
    expect(dead.status).toBe(401);
    expect(dead.challenge).toMatchObject({
      scheme: 'bearer',
      parameters: { error: 'invalid_token' },
    });
    expect(dead.body.error.code).toBe('invalid_token');
    const after = await refresh(as, second.refresh_token!).catch((e: unknown) => e);
    expect((after as oauth.ResponseBodyError).error).toBe('invalid_grant');
  });

  it('keeps each token within its scope, and a refresh may narrow it but not widen it', async () => {
    const email = await registeredUser(routes, mail, freshEmail('scope'));
    const { as, tokens } = await desktopSignIn(email, 'services:read');
    const refused = await customer(tokens.access_token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_scope');
    expect(refused.challenge?.parameters).toMatchObject({
      error: 'insufficient_scope',
      scope: 'account:read',
    });

    const wider = await refresh(as, tokens.refresh_token!, 'services:read account:read').catch(
      (e: unknown) => e,
    );
    expect((wider as oauth.ResponseBodyError).error).toBe('invalid_scope');

    const full = await desktopSignIn(email, 'account:read services:read services:write');
    const narrowed = await refresh(full.as, full.tokens.refresh_token!, 'account:read');
    expect(narrowed.scope).toBe('account:read');
    expect((await customer(narrowed.access_token)).status).toBe(200);
  });

  it('revokes tokens (RFC 7009): a refresh token takes its family, an unknown token is fine', async () => {
    const email = await registeredUser(routes, mail, freshEmail('revoke'));
    const { as, tokens } = await desktopSignIn(email);
    const revocation = (value: string) =>
      oauth
        .revocationRequest(as, client, none, value, network)
        .then(oauth.processRevocationResponse);

    await expect(revocation('A'.repeat(43))).resolves.toBeUndefined();
    await expect(revocation('not a token at all')).resolves.toBeUndefined();

    await revocation(tokens.access_token);
    expect((await customer(tokens.access_token)).status).toBe(401);
    // The refresh token still works after its access token is revoked...
    const renewed = await refresh(as, tokens.refresh_token!);
    expect((await customer(renewed.access_token)).status).toBe(200);
    // ...and revoking it ends the access token of its family as well.
    await revocation(renewed.refresh_token!);
    expect((await customer(renewed.access_token)).status).toBe(401);
    await expect(revocation(renewed.refresh_token!)).resolves.toBeUndefined();
  });

  it('never lets a token change credentials, and never reaches another store', async () => {
    const email = await registeredUser(routes, mail, freshEmail('creds'));
    const { tokens } = await desktopSignIn(email, 'account:read services:read services:write');
    const change = await bearerCall(
      tokens.access_token,
      'PUT',
      new URL('/api/account/phone', issuer),
      {
        password: PASSWORD,
        phone: '+447700900123',
      },
    );
    expect([401, 403]).toContain(change.status);
    const user = await customer(tokens.access_token);
    expect(user.body.data.user.has_phone).toBe(false);

    // The same token on another brand's host is nobody there.
    const elsewhere = await bearerCall(
      tokens.access_token,
      'GET',
      new URL('https://acme.localhost/api/customer'),
    );
    expect(elsewhere.status).toBe(401);
  });

  it('loses its tokens when the customer signs out everywhere', async () => {
    const email = await registeredUser(routes, mail, freshEmail('everywhere'));
    const { as, tokens } = await desktopSignIn(email);
    const browser = await readyAgent(routes);
    await browser.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    const out = await browser.call(routes.sessions.DELETE, '/api/account/sessions', {
      method: 'DELETE',
    });
    expect(out.status).toBe(200);
    expect((await customer(tokens.access_token)).status).toBe(401);
    const renewed = await refresh(as, tokens.refresh_token!).catch((e: unknown) => e);
    expect((renewed as oauth.ResponseBodyError).error).toBe('invalid_grant');
  });

  it('serves the metadata per brand host, each with its own issuer', async () => {
    // A *.localhost demo store's public address is plain http on this server's port
    // (docs/decisions/0090), and the issuer is that address.
    const acmeAddress = 'http://acme.localhost:3000';
    const acme = await discover(new URL(acmeAddress));
    expect(acme.issuer).toBe(acmeAddress);
    expect(acme.token_endpoint).toBe(`${acmeAddress}/api/oauth/token`);
    expect(acme.scopes_supported).toEqual(['account:read', 'services:read', 'services:write']);
  });
});

describe('the authorization request', () => {
  const base = {
    response_type: 'code',
    client_id: 'callwave-desktop',
    redirect_uri: REDIRECT,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'st-1',
  };
  const decide = async (query: Record<string, string | string[] | undefined>) =>
    checkAuthorizeRequest(await requireStoreOfHost('nameport.localhost'), query);

  it('shows an unknown client or a redirect URI that is not loopback, never redirects to it', async () => {
    for (const query of [
      { ...base, client_id: 'someone-else' },
      { ...base, client_id: undefined },
      { ...base, redirect_uri: 'https://evil.example/cb' },
      { ...base, redirect_uri: 'http://localhost:5000/cb' },
      { ...base, redirect_uri: [REDIRECT, REDIRECT] },
    ]) {
      const decision = await decide(query);
      expect(decision.kind).toBe('invalid');
    }
  });

  it.each([
    ['a token response type', { response_type: 'token' }, 'unsupported_response_type'],
    ['no PKCE challenge', { code_challenge: undefined }, 'invalid_request'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['an unknown scope', { scope: 'everything' }, 'invalid_scope'],
    ['a repeated parameter', { scope: ['account:read', 'account:read'] }, 'invalid_request'],
  ])('sends %s back to the client as an error with its state', async (_name, change, error) => {
    const decision = await decide({ ...base, ...change });
    expect(decision.kind).toBe('redirect');
    if (decision.kind !== 'redirect') return;
    const url = new URL(decision.url);
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get('error')).toBe(error);
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('iss')).toBe('https://www.nameport.example');
  });

  it('asks the customer with the client name and the scopes in words', async () => {
    const decision = await decide({ ...base, scope: 'services:read account:read' });
    expect(decision).toMatchObject({
      kind: 'ask',
      request: {
        client_name: 'Callwave Desktop',
        scope: 'account:read services:read',
        scopes: ['account:read', 'services:read'],
        issuer: 'https://www.nameport.example',
      },
    });
  });
});
