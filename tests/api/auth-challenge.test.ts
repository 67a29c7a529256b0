import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';
import { linkIn } from '../support/mail-server';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

/** The authenticator app: codes of a secret at a time offset in 30-second steps. */
const app = (secret: string) => ({
  code: (steps = 0) =>
    new TOTP({
      secret: Secret.fromBase32(secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    }).generate({
      timestamp: Date.now() + steps * 30_000,
    }),
});

/** A registered, activated account with TOTP turned on; answers its address and secret. */
async function totpAccount(tag: string) {
  const email = await registeredUser(routes, mail, freshEmail(tag));
  const { agent } = await signedIn(routes, email);
  const setup = await agent.call(routes.totp.POST, '/api/account/totp', {
    method: 'POST',
    json: { password: PASSWORD },
  });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.data.secret;
  const enabled = await agent.call(routes.totp.PUT, '/api/account/totp', {
    method: 'PUT',
    json: { setup_token: setup.body.data.setup_token, code: app(secret).code() },
  });
  expect(enabled.status).toBe(200);
  return { email, secret, agent };
}

async function stepOne(email: string) {
  const { agent, answer } = await signedIn(routes, email);
  expect(answer.status).toBe(200);
  return { agent, challenge: answer.body.data.challenge as string, answer };
}

const answerCode = (agent: Agent, challenge: string, code: string, extra: object = {}) =>
  agent.call(routes.challenge.POST, '/svc/account/login/challenge', {
    method: 'POST',
    json: { challenge, code, is_ctd: false, remember_me: false, ...extra },
  });

const switchTo = (agent: Agent, challenge: string, method: string) =>
  agent.call(routes.challenge.PUT, '/svc/account/login/challenge', {
    method: 'PUT',
    json: { challenge, alternative_method: method },
  });

async function mailedCode(email: string, before: number): Promise<string> {
  const received = await mail.waitFor(
    email,
    (m) => m.subject.startsWith('Your sign-in code') && mail.to(email).indexOf(m) >= before,
  );
  return /Your code: (\d{6})/.exec(received.text)![1]!;
}

describe('enabling the authenticator app', () => {
  it('needs the password again, shows a QR code, and turns on with a right code only', async () => {
    const email = await registeredUser(routes, mail, freshEmail('enable'));
    const { agent } = await signedIn(routes, email);
    const wrong = await agent.call(routes.totp.POST, '/api/account/totp', {
      method: 'POST',
      json: { password: 'not my password' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('password_incorrect');
    const setup = await agent.call(routes.totp.POST, '/api/account/totp', {
      method: 'POST',
      json: { password: PASSWORD },
    });
    expect(setup.body.data.qr_svg).toMatch(/^<svg/);
    expect(setup.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Nameport:/);
    const bad = await agent.call(routes.totp.PUT, '/api/account/totp', {
      method: 'PUT',
      json: {
        setup_token: setup.body.data.setup_token,
        code: '000000' === app(setup.body.data.secret).code() ? '111111' : '000000',
      },
    });
    expect(bad.status).toBe(401);
    const anon = await readyAgent(routes);
    expect(
      (
        await anon.call(routes.totp.POST, '/api/account/totp', {
          method: 'POST',
          json: { password: PASSWORD },
        })
      ).status,
    ).toBe(401);
  });
});

describe('sign-in with a second factor', () => {
  it('answers a challenge that signs nobody in, then signs in with a TOTP code', async () => {
    const { email, secret } = await totpAccount('totp');
    const { agent, challenge, answer } = await stepOne(email);
    expect(answer.body.data).toEqual({ challenge, methods: ['totp', 'email', 'backup_code'] });
    expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();

    const state = await agent.call(
      routes.challenge.GET,
      `/svc/account/login/challenge?challenge=${challenge}&is_ctd=false`,
    );
    expect(state.status).toBe(200);
    expect(state.body.data).toMatchObject({
      challenge,
      method: 'totp',
      methods: ['totp', 'email', 'backup_code'],
    });

    const before = agent.cookies.get('sid');
    const done = await answerCode(agent, challenge, app(secret).code(1));
    expect(done.status).toBe(200);
    expect(done.body.data.user.email).toBe(email);
    expect(agent.cookies.get('sid')).not.toBe(before);
    expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user.email).toBe(
      email,
    );
  });

  it('refuses a TOTP code used before, saying to wait for the next one, and one two steps away', async () => {
    const { email, secret } = await totpAccount('reuse');
    const code = app(secret).code(1);
    const first = await stepOne(email);
    expect((await answerCode(first.agent, first.challenge, code)).status).toBe(200);
    const second = await stepOne(email);
    const reused = await answerCode(second.agent, second.challenge, code);
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('code_already_used');
    expect(reused.body.error.message).toMatch(/Wait for the next code/);
    // An earlier code that was never typed is also past: the same advice.
    const older = await answerCode(second.agent, second.challenge, app(secret).code(0));
    if (app(secret).code(0) !== code) expect(older.body.error.code).toBe('code_already_used');
    const wrong = await answerCode(
      second.agent,
      second.challenge,
      code === '000000' ? '111111' : '000000',
    );
    expect(wrong.body.error.code).toBe('invalid_code');
    expect((await answerCode(second.agent, second.challenge, app(secret).code(-2))).status).toBe(
      401,
    );
    expect((await answerCode(second.agent, second.challenge, app(secret).code(3))).status).toBe(
      401,
    );
  });

  it('switches to an e-mail code; a new code kills the old one', async () => {
    const { email } = await totpAccount('mailcode');
    const { agent, challenge } = await stepOne(email);
    let before = mail.to(email).length;
    const switched = await switchTo(agent, challenge, 'email');
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({
      method: 'email',
      methods: ['totp', 'email', 'backup_code'],
    });
    expect(switched.body.data.destination).toMatch(/^m\*\*\*@example\.com$/);
    const oldCode = await mailedCode(email, before);
    before = mail.to(email).length;
    await switchTo(agent, challenge, 'email');
    const newCode = await mailedCode(email, before);
    if (oldCode !== newCode) expect((await answerCode(agent, challenge, oldCode)).status).toBe(401);
    const done = await answerCode(agent, challenge, newCode);
    expect(done.status).toBe(200);
    // Single use: the challenge is spent.
    expect((await answerCode(agent, challenge, newCode)).status).toBe(404);
  });

  it('refuses a method the account does not have', async () => {
    const { email } = await totpAccount('nosms');
    const { agent, challenge } = await stepOne(email);
    const answer = await switchTo(agent, challenge, 'sms');
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('alternative_method');
  });

  it('voids the challenge after 5 wrong codes, even for a right sixth', async () => {
    const { email, secret } = await totpAccount('void');
    const { agent, challenge } = await stepOne(email);
    const right = app(secret).code(1);
    const wrong = right === '123456' ? '654321' : '123456';
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await answerCode(agent, challenge, wrong)).body.error.code);
    expect(statuses).toEqual([
      'invalid_code',
      'invalid_code',
      'invalid_code',
      'invalid_code',
      'challenge_void',
    ]);
    const after = await answerCode(agent, challenge, right);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe('challenge_not_found');
  });

  it('makes exactly one session of two parallel right codes', async () => {
    const { email } = await totpAccount('parallel');
    const { agent, challenge } = await stepOne(email);
    const before = mail.to(email).length;
    await switchTo(agent, challenge, 'email');
    const code = await mailedCode(email, before);
    const answers = await Promise.all([
      answerCode(agent, challenge, code),
      answerCode(agent, challenge, code),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
  });

  it('belongs to the browser session that started it', async () => {
    const { email, secret } = await totpAccount('bound');
    const { challenge } = await stepOne(email);
    const other = await readyAgent(routes);
    const answer = await answerCode(other, challenge, app(secret).code(1));
    expect(answer.status).toBe(404);
  });

  it('refuses malformed calls with 400', async () => {
    const agent = await readyAgent(routes);
    expect((await answerCode(agent, 'x', '123456')).status).toBe(400);
    expect((await answerCode(agent, 'A'.repeat(24), '12345a')).status).toBe(400);
    expect((await switchTo(agent, 'A'.repeat(24), 'pigeon')).status).toBe(400);
    const query = await agent.call(
      routes.challenge.GET,
      '/svc/account/login/challenge?challenge=a&challenge=b',
    );
    expect(query.status).toBe(400);
    const unknown = await agent.call(
      routes.challenge.GET,
      `/svc/account/login/challenge?challenge=${'A'.repeat(24)}`,
    );
    expect(unknown.status).toBe(404);
  });

  it('still asks for the second factor after a password reset', async () => {
    const { email } = await totpAccount('reset2fa');
    const agent = await readyAgent(routes);
    const before = mail.to(email).length;
    await agent.call(routes.forgot.POST, '/api/forgot-password', {
      method: 'POST',
      json: { email },
    });
    const received = await mail.waitFor(
      email,
      (m) => m.subject.startsWith('Reset') && mail.to(email).indexOf(m) >= before,
    );
    const token = linkIn(received, '/reset-password').searchParams.get('token');
    const reset = await agent.call(routes.reset.POST, '/api/reset-password', {
      method: 'POST',
      json: {
        token,
        password: 'my new long passphrase',
        password_confirmation: 'my new long passphrase',
      },
    });
    expect(reset.status).toBe(200);
    expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();
    const login = await signedIn(routes, email, { password: 'my new long passphrase' });
    expect(login.answer.body.data.challenge).toEqual(expect.any(String));
    expect(login.answer.body.data.user).toBeUndefined();
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account', async () => {
    const email = await registeredUser(routes, mail, freshEmail('everywhere'));
    const a = await signedIn(routes, email);
    const b = await signedIn(routes, email);
    const out = await a.agent.call(routes.sessions.DELETE, '/api/account/sessions', {
      method: 'DELETE',
    });
    expect(out.status).toBe(200);
    for (const agent of [a.agent, b.agent]) {
      expect((await agent.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();
    }
  });
});
