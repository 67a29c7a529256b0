import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser } from '../support/auth-flows';
import { hashToken } from '@/lib/security/tokens';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const grant = await import('@/app/api/oauth/grant/ctd/route');
const token = await import('@/app/api/oauth/token/route');
const { userOfAccessToken } = await import('@/features/auth/server/oauth-tokens.server');
const { requestCtdGrant } = await import('@/features/auth/api/ctd-grant');
const { appDb } = await import('@/lib/db/app-db');
const { oauthCodes } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function ctdAgent(isCtd = true) {
  const email = await registeredUser(routes, mail, freshEmail('ctd'));
  const agent = await readyAgent(routes);
  const login = await agent.call(routes.login.POST, '/api/login', {
    method: 'POST',
    json: { email, password: PASSWORD, is_ctd: isCtd },
  });
  expect(login.status).toBe(200);
  return agent;
}

const askGrant = (agent: Agent, json: Record<string, unknown>) =>
  agent.call(grant.POST, '/api/oauth/grant/ctd', { method: 'POST', json });

const grantBody = (challenge: string, extra: object = {}) => ({
  client_id: 'callwave-desktop',
  redirect_uri: 'http://127.0.0.1:53682/callback',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  state: 'xyz-123',
  ...extra,
});

const exchange = (agent: Agent, json: Record<string, unknown>) =>
  agent.call(token.POST, '/api/oauth/token', { method: 'POST', json });

describe('desktop grant', () => {
  it('issues a code after an is_ctd sign-in and exchanges it with the verifier for tokens', async () => {
    const agent = await ctdAgent();
    const { verifier, challenge } = pkce();
    const granted = await askGrant(agent, grantBody(challenge));
    expect(granted.status).toBe(200);
    const { code, state, redirect_uri } = granted.body.data;
    expect(state).toBe('xyz-123');
    expect(new URL(redirect_uri).searchParams.get('code')).toBe(code);
    const tokens = await exchange(agent, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:53682/callback',
      client_id: 'callwave-desktop',
      code_verifier: verifier,
    });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(await userOfAccessToken(tokens.body.access_token)).toEqual(expect.any(String));

    // Reuse of the code: refused, and what it issued is revoked.
    const replay = await exchange(agent, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:53682/callback',
      client_id: 'callwave-desktop',
      code_verifier: verifier,
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    expect(await userOfAccessToken(tokens.body.access_token)).toBeNull();
  });

  it('accepts a form-encoded token request without any cookie or CSRF token (a native app)', async () => {
    const agent = await ctdAgent();
    const { verifier, challenge } = pkce();
    const { code } = (
      await askGrant(agent, grantBody(challenge, { redirect_uri: 'http://[::1]:5000/cb' }))
    ).body.data;
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://[::1]:5000/cb',
      client_id: 'callwave-desktop',
      code_verifier: verifier,
    }).toString();
    const { apiRequest } = await import('../support/requests');
    const request = apiRequest('/api/oauth/token', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const response = await token.POST(request, undefined as never);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer', scope: 'account:read' });
  });

  it('answers the token endpoint errors of RFC 6749 section 5.2', async () => {
    const { apiRequest } = await import('../support/requests');
    const post = async (body: string) => {
      const response = await token.POST(
        apiRequest('/api/oauth/token', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        undefined as never,
      );
      return { status: response.status, body: await response.json() };
    };
    expect(await post('grant_type=password&username=a&password=b')).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect((await post('client_id=callwave-desktop')).body.error).toBe('invalid_request');
    expect(
      (await post('grant_type=refresh_token&grant_type=refresh_token&client_id=x')).body.error,
    ).toBe('invalid_request');
    const unknown = await post(
      `grant_type=refresh_token&client_id=callwave-desktop&refresh_token=${'A'.repeat(43)}`,
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('needs a sign-in with is_ctd, and gives one grant per sign-in', async () => {
    const { challenge } = pkce();
    const anonymous = await askGrant(await readyAgent(routes), grantBody(challenge));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('login_required');
    const plain = await askGrant(await ctdAgent(false), grantBody(challenge));
    expect(plain.status).toBe(403);
    expect(plain.body.error).toBe('access_denied');
    const agent = await ctdAgent();
    const answers = await Promise.all([
      askGrant(agent, grantBody(challenge)),
      askGrant(agent, grantBody(challenge)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
  });

  it.each([
    ['plain PKCE', { code_challenge_method: 'plain' }],
    ['an https redirect', { redirect_uri: 'https://app.example/callback' }],
    ['a localhost redirect', { redirect_uri: 'http://localhost:53682/callback' }],
    ['a redirect with a fragment', { redirect_uri: 'http://127.0.0.1:53682/cb#x' }],
    ['a non-loopback address', { redirect_uri: 'http://192.168.1.5:53682/cb' }],
    ['an unknown client', { client_id: 'someone-else' }],
    ['a short challenge', { code_challenge: 'abc' }],
    ['an unknown scope', { scope: 'account:read everything' }],
  ])('refuses %s with an OAuth error body', async (_name, change) => {
    const agent = await ctdAgent();
    const answer = await askGrant(agent, grantBody(pkce().challenge, change));
    expect(answer.status).toBe(400);
    expect(['invalid_request', 'unauthorized_client', 'invalid_scope']).toContain(
      answer.body.error,
    );
    expect(typeof answer.body.error_description).toBe('string');
  });

  it('burns a code given with a wrong verifier, and refuses an expired one', async () => {
    const agent = await ctdAgent();
    const { verifier, challenge } = pkce();
    const { code } = (await askGrant(agent, grantBody(challenge))).body.data;
    const body = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:53682/callback',
      client_id: 'callwave-desktop',
    };
    expect((await exchange(agent, { ...body, code_verifier: pkce().verifier })).body.error).toBe(
      'invalid_grant',
    );
    expect((await exchange(agent, { ...body, code_verifier: verifier })).body.error).toBe(
      'invalid_grant',
    );

    const again = await ctdAgent();
    const second = pkce();
    const fresh = (await askGrant(again, grantBody(second.challenge))).body.data.code;
    await (
      await appDb()
    )
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, hashToken(fresh)));
    const expired = await exchange(again, { ...body, code: fresh, code_verifier: second.verifier });
    expect(expired.body.error).toBe('invalid_grant');
  });

  it('hands the error body back to the caller through the client, never throws', async () => {
    // The route behind a real HTTP server, as the desktop hand-off page calls it.
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string') headers.set(k, v);
      headers.set('host', 'nameport.localhost');
      const response = await grant.POST(
        new NextRequest(`http://nameport.localhost${req.url}`, {
          method: req.method,
          headers,
          body: Buffer.concat(chunks),
        }),
        undefined as never,
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const agent = await readyAgent(routes);
    const client = axios.create({
      baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      headers: { cookie: agent.cookieHeader(), 'x-xsrf-token': agent.cookies.get('XSRF-TOKEN')! },
    });
    const result = await requestCtdGrant(client, {
      client_id: 'callwave-desktop',
      redirect_uri: 'http://127.0.0.1:1/cb',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      state: 's',
    });
    expect(result).toEqual({
      ok: false,
      status: 401,
      error: { error: 'login_required', error_description: 'Sign in first.' },
    });
    await new Promise<void>((r) => server.close(() => r()));
    const unreachable = await requestCtdGrant(client, {
      client_id: 'callwave-desktop',
      redirect_uri: 'http://127.0.0.1:1/cb',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      state: 's',
    });
    expect(unreachable.ok).toBe(false);
  });
});
