import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';
import { linkIn, type ReceivedMail } from '../support/mail-server';
import { hashToken } from '@/lib/security/tokens';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { users, oneTimeTokens } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const register = (agent: Agent, json: unknown) =>
  agent.call(routes.account.POST, '/svc/account', { method: 'POST', json });

/** Sets a password with a reset token (`confirmation` the same unless given). */
const reset = (
  agent: Agent,
  token: string | null,
  password = 'a brand new passphrase',
  confirmation = password,
) =>
  agent.call(routes.reset.POST, '/api/reset-password', {
    method: 'POST',
    json: { token, password, password_confirmation: confirmation },
  });

/** Sets `password` with the reset link a mail carries; answers the call's status. */
const choosePassword = async (agent: Agent, received: ReceivedMail, password: string) =>
  (await reset(agent, linkIn(received, '/reset-password').searchParams.get('token'), password))
    .status;

describe('POST /svc/account (registration)', () => {
  it('mails an activation link to the store address, in the store brand, as text and HTML', async () => {
    const email = freshEmail('reg');
    const agent = await readyAgent(routes, 'acme.localhost');
    const answer = await register(agent, { name: 'Ada', email, password: PASSWORD });
    expect(answer.status).toBe(202);
    const received = await mail.waitFor(email);
    expect(received.subject).toBe('Activate your account - Acme Voice');
    expect(received.from).toContain('Acme Voice');
    const link = linkIn(received, '/activate');
    expect(link.hostname).toBe('acme.localhost');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(received.html).toContain('/brands/acme/logo.svg');
    expect(received.html).toContain(link.searchParams.get('token'));
    // The activation token is stored only as a hash.
    const rows = await (await appDb()).select().from(oneTimeTokens);
    expect(rows.some((r) => r.tokenHash === link.searchParams.get('token'))).toBe(false);
  });

  it('answers the same for a taken address and mails its owner a notice instead', async () => {
    const email = await registeredUser(routes, mail, freshEmail('taken'));
    const fresh = freshEmail('free');
    const agent = await readyAgent(routes);
    const taken = await register(agent, {
      name: 'Mallory',
      email,
      password: 'another long pass 1',
    });
    const free = await register(agent, {
      name: 'Mallory',
      email: fresh,
      password: 'another long pass 1',
    });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    const notice = await mail.waitFor(email, (m) => m.subject.startsWith('Someone tried'));
    expect(notice.text).toContain('already has one');
    const rows = await (await appDb()).select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Ada Lovelace');
  });

  it('mails a never-activated address a link to choose its password, which activates it', async () => {
    // Someone registers the address first with a password of their own; the address's owner
    // registers later and never gets a way to activate that password.
    const email = freshEmail('again');
    const agent = await readyAgent(routes);
    await register(agent, { name: 'Mallory', email, password: 'someone elses passphrase' });
    await mail.waitFor(email, (m) => m.subject.startsWith('Activate'));
    const again = await register(agent, { name: 'Ada', email, password: PASSWORD });
    const free = await register(agent, {
      name: 'Ada',
      email: freshEmail('free'),
      password: PASSWORD,
    });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(free.body);
    const setup = await mail.waitFor(email, (m) => m.subject.startsWith('Finish setting up'));
    expect(setup.text).toContain('was never activated');
    expect(mail.to(email).filter((m) => m.subject.startsWith('Activate'))).toHaveLength(1);

    // Neither registration's password works until the owner chooses one with the link.
    expect((await signedIn(routes, email, { password: PASSWORD })).answer.status).toBe(401);
    expect(await choosePassword(agent, setup, 'the owners own passphrase')).toBe(200);
    expect(
      (await signedIn(routes, email, { password: 'the owners own passphrase' })).answer.status,
    ).toBe(200);
    expect(
      (await signedIn(routes, email, { password: 'someone elses passphrase' })).answer.status,
    ).toBe(401);
    const rows = await (await appDb()).select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('makes one account of two parallel registrations of one address', async () => {
    const email = freshEmail('race');
    const agent = await readyAgent(routes);
    const answers = await Promise.all([
      register(agent, { name: 'One', email, password: PASSWORD }),
      register(agent, { name: 'Two', email, password: PASSWORD }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    const rows = await (await appDb()).select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a short password', { password: 'short12' }, 'password'],
    ['a password over 256 characters', { password: 'x'.repeat(257) }, 'password'],
    ['a common password', { password: 'password1' }, 'password'],
    ['a common password in capitals', { password: 'IloveYou' }, 'password'],
    ['a common word with digits after it', { password: 'password123' }, 'password'],
    ['a common word with a year and a sign after it', { password: 'Sunshine2024!' }, 'password'],
    ['one character repeated', { password: 'aaaaaaaaaaaa' }, 'password'],
    ['a short run repeated', { password: 'abcabcabcabc' }, 'password'],
    [
      'the e-mail address itself',
      { email: 'ada.guess@example.com', password: 'Ada.Guess@example.com' },
      'password',
    ],
    [
      'the part before the @ with digits',
      { email: 'lovelace1815@example.com', password: 'lovelace1815!!' },
      'password',
    ],
    ['the name', { name: 'Ada Lovelace', password: 'ada lovelace 1' }, 'password'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing name', { name: '' }, 'name'],
    ['an unknown field', { admin: true }, '(body)'],
  ])('refuses %s with 400 naming the field', async (_name, change, field) => {
    const agent = await readyAgent(routes);
    const answer = await register(agent, {
      name: 'Ada',
      email: freshEmail('bad'),
      password: PASSWORD,
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error.fields)).toContain(field);
  });

  it('names a guessable password together with a malformed address, not one after the other', async () => {
    const agent = await readyAgent(routes);
    const answer = await register(agent, {
      name: 'Ada',
      email: 'ada at example',
      password: 'password123',
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields).sort()).toEqual(['email', 'password']);
    expect(answer.body.error.fields.password).toEqual([
      'is too easy to guess: choose one that is not a common password, your e-mail address, your name or a repeated pattern',
    ]);
    // A short password gets its length rule only; a good one with a bad address, nothing.
    const short = await register(agent, { name: 'Ada', email: 'ada at example', password: 'pass' });
    expect(short.body.error.fields.password).toEqual(['must be at least 8 characters']);
    const good = await register(agent, { name: 42, email: 7, password: PASSWORD });
    expect(Object.keys(good.body.error.fields).sort()).toEqual(['email', 'name']);
  });

  it('says an empty e-mail address is required, not that it is malformed', async () => {
    const agent = await readyAgent(routes);
    for (const email of ['', '   ']) {
      const answer = await register(agent, { name: 'Ada', email, password: PASSWORD });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields.email).toEqual(['is required']);
    }
  });

  it('never truncates a password: 256 characters sign in, 255 of them do not', async () => {
    const long = 'Lorem ipsum '.repeat(22).slice(0, 255) + 'Z';
    expect(long).toHaveLength(256);
    const email = await registeredUser(routes, mail, freshEmail('long'), { password: long });
    expect((await signedIn(routes, email, { password: long })).answer.status).toBe(200);
    expect((await signedIn(routes, email, { password: long.slice(0, 255) })).answer.status).toBe(
      401,
    );
  });
});

describe('PUT /api/account/activate', () => {
  it('activates once; the second use is refused', async () => {
    const email = freshEmail('act');
    const agent = await readyAgent(routes);
    await register(agent, { name: 'Ada', email, password: PASSWORD });
    const token = linkIn(await mail.waitFor(email), '/activate').searchParams.get('token');
    const first = await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ activated: true });
    const again = await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token },
    });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('token_invalid');
  });

  it('refuses a malformed or unknown token', async () => {
    const agent = await readyAgent(routes);
    const bad = await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token: 'abc' },
    });
    expect(bad.status).toBe(400);
    const unknown = await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token: 'A'.repeat(43) },
    });
    expect(unknown.status).toBe(410);
  });
});

describe('POST /api/check-activation-link', () => {
  it('says whether the link still works and uses nothing up (decision 0330)', async () => {
    const check = await import('@/app/api/check-activation-link/route');
    const email = freshEmail('actcheck');
    const agent = await readyAgent(routes);
    await register(agent, { name: 'Ada', email, password: PASSWORD });
    const token = linkIn(await mail.waitFor(email), '/activate').searchParams.get('token');
    const ask = (json: unknown) =>
      agent.call(check.POST, '/api/check-activation-link', { method: 'POST', json });

    // Asked twice, the link still activates afterwards.
    for (let i = 0; i < 2; i++) {
      const live = await ask({ token });
      expect(live.status).toBe(200);
      expect(live.body.data).toEqual({ valid: true });
    }
    const used = await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token },
    });
    expect(used.status).toBe(200);

    // Spent, it answers as the click does: 410, nothing about the account.
    const spent = await ask({ token });
    expect(spent.status).toBe(410);
    expect(spent.body.error.code).toBe('token_invalid');
    expect(spent.body.error.message).toContain('already active');
    expect(JSON.stringify(spent.body)).not.toContain(email);
    const again = await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token },
    });
    expect(again.body.error).toEqual(spent.body.error);

    expect((await ask({ token: 'A'.repeat(43) })).status).toBe(410);
    expect((await ask({ token: 'abc' })).status).toBe(400);
  });
});

describe('POST /api/login', () => {
  it('answers a wrong password exactly like an unknown address', async () => {
    const email = await registeredUser(routes, mail, freshEmail('same'));
    const wrong = await signedIn(routes, email, { password: 'wrong password 123' });
    const unknown = await signedIn(routes, freshEmail('nobody'));
    expect(wrong.answer.status).toBe(401);
    expect(unknown.answer.status).toBe(401);
    expect(wrong.answer.body).toEqual(unknown.answer.body);
    expect(wrong.answer.body.error.code).toBe('invalid_credentials');
    expect(wrong.agent.cookies.get('sid')).toBeDefined();
  });

  it('tells an account is not activated only after the right password', async () => {
    const email = freshEmail('inactive');
    const agent = await readyAgent(routes);
    await register(agent, { name: 'Ada', email, password: PASSWORD });
    const wrong = await signedIn(routes, email, { password: 'wrong password 123' });
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.body.error.code).toBe('invalid_credentials');
    const right = await signedIn(routes, email);
    expect(right.answer.status).toBe(403);
    expect(right.answer.body.error.code).toBe('account_not_activated');
  });

  it('tells a sign-in to an account not activated how to activate it, and mails nothing', async () => {
    const email = freshEmail('lost');
    const agent = await readyAgent(routes);
    await register(agent, { name: 'Ada', email, password: PASSWORD });
    await mail.waitFor(email, (m) => m.subject.startsWith('Activate'));
    const right = await signedIn(routes, email);
    expect(right.answer.status).toBe(403);
    expect(right.answer.body.error.message).toContain('Forgot password');
    // Forgot password's link activates the account with the password chosen there.
    await agent.call(routes.forgot.POST, '/api/forgot-password', {
      method: 'POST',
      json: { email },
    });
    const resetMail = await mail.waitFor(email, (m) => m.subject.startsWith('Reset'));
    expect(await choosePassword(agent, resetMail, 'a brand new passphrase')).toBe(200);
    expect(
      (await signedIn(routes, email, { password: 'a brand new passphrase' })).answer.status,
    ).toBe(200);
    // The sign-in itself sent nothing: one activation mail, one reset mail.
    expect(mail.to(email).map((m) => m.subject.split(' - ')[0])).toEqual([
      'Activate your account',
      'Reset your password',
    ]);
  });

  it('refuses malformed bodies with 400 and no session change', async () => {
    const agent = await readyAgent(routes);
    for (const json of [
      {},
      { email: 'a@b.co' },
      { email: 'a@b.co', password: 'x', remember_me: 'yes' },
      [],
    ]) {
      const answer = await agent.call(routes.login.POST, '/api/login', { method: 'POST', json });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.cookies).toEqual([]);
    }
  });

  it('signs in with the address in any case', async () => {
    const email = await registeredUser(routes, mail, freshEmail('case'));
    expect((await signedIn(routes, email.toUpperCase())).answer.status).toBe(200);
  });
});

describe('password recovery', () => {
  const forgot = (agent: Agent, email: string, headers?: Record<string, string>) =>
    agent.call(routes.forgot.POST, '/api/forgot-password', {
      method: 'POST',
      json: { email },
      headers,
    });
  async function resetToken(email: string, agent?: Agent): Promise<string> {
    const before = mail.to(email).length;
    const a = agent ?? (await readyAgent(routes));
    await forgot(a, email);
    const received = await mail.waitFor(
      email,
      (m) => m.subject.startsWith('Reset') && mail.to(email).indexOf(m) >= before,
    );
    return linkIn(received, '/reset-password').searchParams.get('token')!;
  }

  it('answers the same for every address and mails only a real one', async () => {
    const email = await registeredUser(routes, mail, freshEmail('forgot'));
    const nobody = freshEmail('nobody');
    const agent = await readyAgent(routes);
    const known = await forgot(agent, email);
    const unknown = await forgot(agent, nobody);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    await mail.waitFor(email, (m) => m.subject.startsWith('Reset'));
    expect(mail.to(nobody)).toEqual([]);
  });

  it("links to the store's configured address, never the request's Host", async () => {
    const email = await registeredUser(routes, mail, freshEmail('host'), { host: 'localhost' });
    const agent = await readyAgent(routes, 'localhost');
    await forgot(agent, email, { 'x-forwarded-host': 'evil.example' });
    const link = linkIn(
      await mail.waitFor(email, (m) => m.subject.startsWith('Reset')),
      '/reset-password',
    );
    expect(link.host).toBe('www.nameport.example');
    expect(link.protocol).toBe('https:');
  });

  it('checks a link without using it up, then resets once and ends every session', async () => {
    const email = await registeredUser(routes, mail, freshEmail('reset'));
    const { agent: elsewhere } = await signedIn(routes, email);
    const token = await resetToken(email);
    const agent = await readyAgent(routes);
    const check = await agent.call(routes.checkReset.POST, '/api/check-reset-link', {
      method: 'POST',
      json: { token },
    });
    expect(check.status).toBe(200);
    expect(check.body.data.valid).toBe(true);

    const mismatch = await reset(agent, token, 'a brand new passphrase', 'something else entirely');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields).toHaveProperty('password_confirmation');

    // Left empty, the password is missing, as any field; too short, it says how long.
    const empty = await reset(agent, token, '', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.password).toEqual(['is required']);
    const short = await reset(agent, token, 'short', 'short');
    expect(short.body.error.fields.password).toEqual(['must be at least 8 characters']);

    // The account's own address is no password; refused, the link still works.
    const own = await reset(agent, token, email.toUpperCase());
    expect(own.status).toBe(400);
    expect(own.body.error.fields.password).toEqual([
      'is too easy to guess: choose one that is not a common password, your e-mail address, your name or a repeated pattern',
    ]);

    const done = await reset(agent, token);
    expect(done.status).toBe(200);
    expect((await elsewhere.call(routes.customer.GET, '/api/customer')).body.data.user).toBeNull();
    expect((await signedIn(routes, email)).answer.status).toBe(401);
    expect(
      (await signedIn(routes, email, { password: 'a brand new passphrase' })).answer.status,
    ).toBe(200);

    const again = await reset(agent, token, 'yet another passphrase');
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('reset_link_invalid');
    const recheck = await agent.call(routes.checkReset.POST, '/api/check-reset-link', {
      method: 'POST',
      json: { token },
    });
    expect(recheck.status).toBe(410);
  });

  it('lets exactly one of two parallel resets win', async () => {
    const email = await registeredUser(routes, mail, freshEmail('parallel'));
    const token = await resetToken(email);
    const agent = await readyAgent(routes);
    const answers = await Promise.all([
      reset(agent, token, 'first parallel pass'),
      reset(agent, token, 'second parallel pass'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
  });

  it('kills an older link once the password changed', async () => {
    const email = await registeredUser(routes, mail, freshEmail('older'));
    const older = await resetToken(email);
    const newer = await resetToken(email);
    expect(older).not.toBe(newer);
    const agent = await readyAgent(routes);
    expect((await reset(agent, newer)).status).toBe(200);
    expect((await reset(agent, older, 'some other passphrase')).status).toBe(410);
  });

  it('refuses an expired link, a short token and a common password', async () => {
    const email = await registeredUser(routes, mail, freshEmail('expired'));
    const token = await resetToken(email);
    const agent = await readyAgent(routes);
    expect((await reset(agent, token, 'qwertyuiop')).status).toBe(400);
    expect((await reset(agent, 'short')).status).toBe(400);
    await (
      await appDb()
    )
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect((await reset(agent, token)).status).toBe(410);
  });
});
