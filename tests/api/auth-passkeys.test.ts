import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';
import { SoftAuthenticator } from '../support/soft-authenticator';

/** Passkeys added on the security page, sign-in without a password, second step. */

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const addOptions = await import('@/app/api/account/passkeys/options/route');
const add = await import('@/app/api/account/passkeys/route');
const one = await import('@/app/api/account/passkeys/[id]/route');
const signInOptions = await import('@/app/api/passkey/options/route');
const passkeyLogin = await import('@/app/api/passkey/login/route');
const security = await import('@/app/api/account/security/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const ORIGIN = 'http://nameport.localhost';
const browser = { origin: ORIGIN };

/** An account with a passkey made on the security page; answers the authenticator holding it. */
async function withPasskey(tag: string) {
  const email = await registeredUser(routes, mail, freshEmail(tag), { name: 'Pat Key' });
  const { agent } = await signedIn(routes, email);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await agent.call(addOptions.POST, '/api/account/passkeys/options', {
    method: 'POST',
    json: { password: PASSWORD },
    headers: browser,
  });
  expect(options.status).toBe(200);
  const response = authenticator.create(options.body.data);
  const added = await agent.call(add.POST, '/api/account/passkeys', {
    method: 'POST',
    json: { response, name: 'My laptop' },
    headers: browser,
  });
  expect(added.status).toBe(201);
  return {
    email,
    agent,
    authenticator,
    options: options.body.data,
    response,
    added: added.body.data,
  };
}

async function passwordless(authenticator: SoftAuthenticator, host?: string, origin = ORIGIN) {
  const agent = await readyAgent(routes, host);
  const options = await agent.call(signInOptions.POST, '/api/passkey/options', {
    method: 'POST',
    headers: { origin },
  });
  expect(options.status).toBe(200);
  return { agent, options: options.body.data };
}

const login = (agent: Agent, response: unknown, origin = ORIGIN) =>
  agent.call(passkeyLogin.POST, '/api/passkey/login', {
    method: 'POST',
    json: { response },
    headers: { origin },
  });

describe('passkeys', () => {
  it('are added on the security page after the password, for the brand host, and listed', async () => {
    const email = await registeredUser(routes, mail, freshEmail('add'));
    const { agent } = await signedIn(routes, email);
    const wrong = await agent.call(addOptions.POST, '/api/account/passkeys/options', {
      method: 'POST',
      json: { password: 'not my password' },
      headers: browser,
    });
    expect(wrong.status).toBe(403);

    const {
      agent: owner,
      options,
      response,
      added,
      email: ownerEmail,
    } = await withPasskey('added');
    expect(options.rp).toEqual({ name: 'Nameport', id: 'nameport.localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(added).toMatchObject({ name: 'My laptop', rp_id: 'nameport.localhost' });
    const listed = (await owner.call(security.GET, '/api/account/security')).body.data.passkeys;
    expect(listed).toEqual([expect.objectContaining({ id: added.id, name: 'My laptop' })]);
    await mail.waitFor(ownerEmail, (m) => m.subject.startsWith('A passkey was added'));

    // The same answer again: its challenge is used up.
    const replay = await owner.call(add.POST, '/api/account/passkeys', {
      method: 'POST',
      json: { response },
      headers: browser,
    });
    expect(replay.status).toBe(410);
  });

  it('sign in without a password (discoverable credential, user verified)', async () => {
    const { email, authenticator } = await withPasskey('passwordless');
    const { agent, options } = await passwordless(authenticator);
    expect(options).toMatchObject({ rpId: 'nameport.localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = authenticator.get(options);
    const before = agent.cookies.get('sid');
    const signed = await login(agent, response);
    expect(signed.status).toBe(200);
    expect(signed.body.data.user.email).toBe(email);
    expect(agent.cookies.get('sid')).not.toBe(before);
    expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user.email).toBe(
      email,
    );

    // One answer signs in once.
    const again = await readyAgent(routes);
    const replay = await login(again, response);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('invalid_passkey');
  });

  it('refuse a signature made for another site, another brand host or an unknown credential', async () => {
    const { authenticator } = await withPasskey('phish');
    const phished = await passwordless(authenticator);
    const forged = authenticator.get(phished.options, { origin: 'http://evil.localhost' });
    expect((await login(phished.agent, forged)).status).toBe(401);

    // acme.localhost is another relying party: nameport's passkey means nothing there.
    const acme = await passwordless(authenticator, 'acme.localhost', 'http://acme.localhost');
    const elsewhere = authenticator.get(acme.options, {
      origin: 'http://acme.localhost',
      credential: authenticator.credentials[0],
    });
    expect((await login(acme.agent, elsewhere, 'http://acme.localhost')).status).toBe(401);

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { id: 'nameport.localhost' }, user: { id: 'AAAA' } });
    const unknown = await passwordless(stranger);
    expect((await login(unknown.agent, stranger.get(unknown.options))).status).toBe(401);

    const malformed = await login(unknown.agent, { id: 'x' });
    expect(malformed.status).toBe(400);
  });

  it('serve as the second step of a sign-in with a password', async () => {
    const { email, agent, authenticator } = await withPasskey('second');
    const setup = await agent.call(routes.totp.POST, '/api/account/totp', {
      method: 'POST',
      json: { password: PASSWORD },
    });
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.data.secret) }).generate();
    await agent.call(routes.totp.PUT, '/api/account/totp', {
      method: 'PUT',
      json: { setup_token: setup.body.data.setup_token, code },
    });

    const { agent: visitor, answer } = await signedIn(routes, email);
    expect(answer.body.data.methods).toEqual(['totp', 'passkey', 'email', 'backup_code']);
    const challenge = answer.body.data.challenge;
    const switched = await visitor.call(routes.challenge.PUT, '/svc/account/login/challenge', {
      method: 'PUT',
      json: { challenge, alternative_method: 'passkey' },
    });
    expect(switched.status).toBe(200);
    const options = switched.body.data.passkey_options;
    expect(options.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentials[0]!.id.toString('base64url') }),
    ]);
    const done = await visitor.call(routes.challenge.POST, '/svc/account/login/challenge', {
      method: 'POST',
      json: { challenge, passkey: authenticator.get(options) },
      headers: browser,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.user.email).toBe(email);
  });

  it('are removed after the password, and then sign in nowhere', async () => {
    const { email, agent, authenticator, added } = await withPasskey('remove');
    const wrong = await agent.call(one.DELETE, `/api/account/passkeys/${added.id}`, {
      method: 'DELETE',
      json: { password: 'nope nope' },
      params: { id: added.id },
    });
    expect(wrong.status).toBe(403);
    const removed = await agent.call(one.DELETE, `/api/account/passkeys/${added.id}`, {
      method: 'DELETE',
      json: { password: PASSWORD },
      params: { id: added.id },
    });
    expect(removed.status).toBe(200);
    await mail.waitFor(email, (m) => m.subject.startsWith('A passkey was removed'));
    const { agent: visitor, options } = await passwordless(authenticator);
    expect((await login(visitor, authenticator.get(options))).status).toBe(401);
    const gone = await agent.call(one.DELETE, `/api/account/passkeys/${added.id}`, {
      method: 'DELETE',
      json: { password: PASSWORD },
      params: { id: added.id },
    });
    expect(gone.status).toBe(404);
  });
});
