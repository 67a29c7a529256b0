import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import {
  authRoutes,
  freshEmail,
  GOOGLE_CLIENT_ID,
  startAuthHarness,
} from '../support/auth-harness';
import { readyAgent, registeredUser, signedIn } from '../support/auth-flows';

const harness = await startAuthHarness();
const { mail, jwks } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const glogin = (agent: Agent, credential: string) =>
  agent.call(routes.glogin.POST, '/api/glogin', { method: 'POST', json: { credential } });

let subjects = 0;
const subject = () => `10${Date.now()}${subjects++}`;

describe('POST /api/glogin', () => {
  it('creates an account for a new verified Google identity and signs it in', async () => {
    const email = freshEmail('google');
    const agent = await readyAgent(routes);
    const before = agent.cookies.get('sid');
    const answer = await glogin(
      agent,
      await jwks.sign({ sub: subject(), email, name: 'Katherine Johnson' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toMatchObject({ email, name: 'Katherine Johnson' });
    expect(agent.cookies.get('sid')).not.toBe(before);
    expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user.email).toBe(
      email,
    );
  });

  it('keys accounts by issuer and subject: a changed e-mail still finds the account', async () => {
    const sub = subject();
    const first = await glogin(
      await readyAgent(routes),
      await jwks.sign({ sub, email: freshEmail('g1') }),
    );
    const again = await glogin(
      await readyAgent(routes),
      await jwks.sign({ sub, email: freshEmail('g2') }),
    );
    expect(again.body.data.user.id).toBe(first.body.data.user.id);
  });

  it('links an existing password account only when Google verified the address', async () => {
    const email = await registeredUser(routes, mail, freshEmail('link'));
    const unverified = await glogin(
      await readyAgent(routes),
      await jwks.sign({ sub: subject(), email, email_verified: false }),
    );
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.code).toBe('email_not_verified');
    const verified = await glogin(
      await readyAgent(routes),
      await jwks.sign({ sub: subject(), email }),
    );
    expect(verified.status).toBe(200);
    const password = await signedIn(routes, email);
    expect(password.answer.body.data.user.id).toBe(verified.body.data.user.id);
  });

  it('refuses a token for another audience, another issuer, an expired one, a forged one, and alg none', async () => {
    const agent = await readyAgent(routes);
    const now = Math.floor(Date.now() / 1000);
    const other = await generateKeyPair('RS256');
    const payload = { sub: subject(), email: freshEmail('bad') };
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({
          iss: 'https://accounts.google.com',
          aud: GOOGLE_CLIENT_ID,
          iat: now,
          exp: now + 3600,
          email_verified: true,
          ...payload,
        }),
      ).toString('base64url'),
      '',
    ].join('.');
    const hs256 = await new SignJWT({
      ...payload,
      iss: 'https://accounts.google.com',
      aud: GOOGLE_CLIENT_ID,
    })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a shared secret that nobody should accept'));
    const cases: [string, string][] = [
      ['audience', await jwks.sign({ ...payload, aud: 'someone-else.apps.googleusercontent.com' })],
      ['issuer', await jwks.sign({ ...payload, iss: 'https://evil.example' })],
      ['expiry', await jwks.sign({ ...payload, iat: now - 7200, exp: now - 3600 })],
      ['signature', await jwks.sign(payload, { key: other.privateKey })],
      ['alg none', unsigned],
      ['HS256 with a guessed secret', hs256],
      ['garbage', 'header.payload.signature'],
    ];
    for (const [name, credential] of cases) {
      const answer = await glogin(agent, credential);
      expect(answer.status, name).toBe(401);
      expect(answer.body.error.code, name).toBe('invalid_credential');
    }
    expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();
  });

  it('accepts the short issuer form Google also uses', async () => {
    const answer = await glogin(
      await readyAgent(routes),
      await jwks.sign({ sub: subject(), email: freshEmail('short'), iss: 'accounts.google.com' }),
    );
    expect(answer.status).toBe(200);
  });

  it('refuses a body without a credential with 400', async () => {
    const agent = await readyAgent(routes);
    const answer = await agent.call(routes.glogin.POST, '/api/glogin', {
      method: 'POST',
      json: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('credential');
  });
});
