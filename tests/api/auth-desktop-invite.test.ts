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
import { linkIn } from '../support/mail-server';
import { hashToken } from '@/lib/security/tokens';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const grant = await import('@/app/api/oauth/grant/ctd/route');
const token = await import('@/app/api/oauth/token/route');
const invites = await import('@/app/api/account/invites/route');
const inviteCheck = await import('@/app/svc/invite/[token]/route');
const { userOfAccessToken } = await import('@/features/auth/server/oauth.server');
const { requestCtdGrant } = await import('@/features/auth/api/ctd-grant');
const { appDb } = await import('@/lib/db/app-db');
const { oauthCodes, oneTimeTokens, users } = await import('@/lib/db/schema');
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

  it('accepts a form-encoded token request (RFC 6749)', async () => {
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
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: agent.cookieHeader(),
        'x-xsrf-token': agent.cookies.get('XSRF-TOKEN')!,
      },
    });
    const response = await token.POST(request, undefined as never);
    expect(response.status).toBe(200);
    expect((await response.json()).token_type).toBe('Bearer');
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
  ])('refuses %s with an OAuth error body', async (_name, change) => {
    const agent = await ctdAgent();
    const answer = await askGrant(agent, grantBody(pkce().challenge, change));
    expect(answer.status).toBe(400);
    expect(['invalid_request', 'unauthorized_client']).toContain(answer.body.error);
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

describe('invites', () => {
  it('lets an owner invite by e-mail; the invitee registers into the owner account', async () => {
    const ownerEmail = await registeredUser(routes, mail, freshEmail('owner'), {
      name: 'Olivia Owner',
    });
    const owner = await readyAgent(routes);
    await owner.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email: ownerEmail, password: PASSWORD },
    });
    const invitee = freshEmail('invitee');
    const sent = await owner.call(invites.POST, '/api/account/invites', {
      method: 'POST',
      json: { email: invitee },
    });
    expect(sent.status).toBe(201);
    const link = linkIn(await mail.waitFor(invitee), '/invite/');
    expect(link.host).toBe('www.nameport.example');
    const inviteToken = link.pathname.split('/').pop()!;

    const anon = await readyAgent(routes);
    const check = await anon.call(inviteCheck.GET, `/svc/invite/${inviteToken}`, {
      params: { token: inviteToken },
    });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({
      invited_by: { name: 'Olivia Owner' },
      account: { name: 'Olivia Owner' },
      email: invitee,
    });
    expect(new Date(check.body.data.expires_at).getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 86_400_000,
    );

    const wrongAddress = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: {
        name: 'Ivan',
        email: freshEmail('other'),
        password: PASSWORD,
        invite_token: inviteToken,
      },
    });
    expect(wrongAddress.status).toBe(400);

    const joined = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Ivan Invitee', email: invitee, password: PASSWORD, invite_token: inviteToken },
    });
    expect(joined.status).toBe(202);
    const db = await appDb();
    const [ownerRow] = await db.select().from(users).where(eq(users.email, ownerEmail));
    const [member] = await db.select().from(users).where(eq(users.email, invitee));
    expect(member!.accountId).toBe(ownerRow!.accountId);
    expect(member!.role).toBe('member');

    const used = await anon.call(inviteCheck.GET, `/svc/invite/${inviteToken}`, {
      params: { token: inviteToken },
    });
    expect(used.status).toBe(410);
    expect(used.body.error.code).toBe('invite_expired');

    // A member cannot invite.
    const activation = linkIn(
      await mail.waitFor(invitee, (m) => m.subject.startsWith('Activate')),
      '/activate',
    );
    await anon.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token: activation.searchParams.get('token') },
    });
    const memberAgent = await readyAgent(routes);
    await memberAgent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email: invitee, password: PASSWORD },
    });
    const denied = await memberAgent.call(invites.POST, '/api/account/invites', {
      method: 'POST',
      json: { email: freshEmail('x') },
    });
    expect(denied.status).toBe(403);
  });

  it('answers 404 for an unknown invite and 410 for an expired one', async () => {
    const anon = await readyAgent(routes);
    const unknown = 'A'.repeat(43);
    expect(
      (await anon.call(inviteCheck.GET, `/svc/invite/${unknown}`, { params: { token: unknown } }))
        .status,
    ).toBe(404);
    expect(
      (await anon.call(inviteCheck.GET, '/svc/invite/..', { params: { token: '..' } })).status,
    ).toBe(404);

    const ownerEmail = await registeredUser(routes, mail, freshEmail('owner2'));
    const owner = await readyAgent(routes);
    await owner.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email: ownerEmail, password: PASSWORD },
    });
    const invitee = freshEmail('late');
    await owner.call(invites.POST, '/api/account/invites', {
      method: 'POST',
      json: { email: invitee },
    });
    const inviteToken = linkIn(await mail.waitFor(invitee), '/invite/')
      .pathname.split('/')
      .pop()!;
    await (
      await appDb()
    )
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(inviteToken)));
    expect(
      (
        await anon.call(inviteCheck.GET, `/svc/invite/${inviteToken}`, {
          params: { token: inviteToken },
        })
      ).status,
    ).toBe(410);
  });

  it('needs a signed-in owner to invite', async () => {
    const anon = await readyAgent(routes);
    expect(
      (
        await anon.call(invites.POST, '/api/account/invites', {
          method: 'POST',
          json: { email: freshEmail('x') },
        })
      ).status,
    ).toBe(401);
  });
});
