import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, registeredUser, signedIn } from '../support/auth-flows';

/** Setting up a phone for SMS codes, and backup codes. */

const harness = await startAuthHarness();
const { mail, sms } = harness;
const routes = await authRoutes();
const backup = await import('@/app/api/account/backup-codes/route');
const security = await import('@/app/api/account/security/route');
const { appDb } = await import('@/lib/db/app-db');
const { backupCodes, users } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

let phoneCounter = 100;
/** A fresh number per test so the SMS gateway's messages never mix. */
const freshPhone = () => `+4477009${String(Date.now() % 100).padStart(2, '0')}${phoneCounter++}`;

const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A signed-in account with the authenticator app on; answers its backup codes too. */
async function twoStepAccount(tag: string) {
  const email = await registeredUser(routes, mail, freshEmail(tag));
  const { agent } = await signedIn(routes, email);
  const setup = await agent.call(routes.totp.POST, '/api/account/totp', {
    method: 'POST',
    json: { password: PASSWORD },
  });
  const on = await agent.call(routes.totp.PUT, '/api/account/totp', {
    method: 'PUT',
    json: { setup_token: setup.body.data.setup_token, code: totpCode(setup.body.data.secret) },
  });
  expect(on.status).toBe(200);
  return {
    email,
    agent,
    secret: setup.body.data.secret as string,
    codes: on.body.data.backup_codes as string[],
  };
}

const overview = async (agent: Agent) =>
  (await agent.call(security.GET, '/api/account/security')).body.data;

async function challengeFor(email: string) {
  const { agent, answer } = await signedIn(routes, email);
  expect(answer.body.data.challenge).toEqual(expect.any(String));
  return {
    agent,
    challenge: answer.body.data.challenge as string,
    methods: answer.body.data.methods,
  };
}

const switchTo = (agent: Agent, challenge: string, method: string) =>
  agent.call(routes.challenge.PUT, '/svc/account/login/challenge', {
    method: 'PUT',
    json: { challenge, alternative_method: method },
  });

const answer = (agent: Agent, challenge: string, code: string) =>
  agent.call(routes.challenge.POST, '/svc/account/login/challenge', {
    method: 'POST',
    json: { challenge, code },
  });

const mailsTo = (email: string, subject: string) =>
  mail.to(email).filter((m) => m.subject.startsWith(subject));

describe('setting up a phone for SMS codes', () => {
  it('counts a number only once the code sent to it comes back, then offers SMS at sign-in', async () => {
    const { email, agent } = await twoStepAccount('phone');
    const phone = freshPhone();

    const wrongPassword = await agent.call(routes.phone.POST, '/api/account/phone', {
      method: 'POST',
      json: { password: 'not my password', phone },
    });
    expect(wrongPassword.status).toBe(403);
    const notE164 = await agent.call(routes.phone.POST, '/api/account/phone', {
      method: 'POST',
      json: { password: PASSWORD, phone: '07700 900123' },
    });
    expect(notE164.status).toBe(400);
    expect(notE164.body.error.fields.phone).toEqual([expect.stringMatching(/international/)]);

    const before = sms.received.length;
    const started = await agent.call(routes.phone.POST, '/api/account/phone', {
      method: 'POST',
      json: { password: PASSWORD, phone: `${phone.slice(0, 3)} ${phone.slice(3)}` },
    });
    expect(started.status).toBe(202);
    expect(started.body.data.phone_pending).toBe(`${phone.slice(0, 3)} *** ${phone.slice(-3)}`);
    const text = (await sms.waitFor(phone, before)).text;
    const code = /^(\d{6}) is your Nameport code to confirm this number/.exec(text)![1]!;

    // Not yet a phone of the account: sign-in does not offer SMS.
    expect(await overview(agent)).toMatchObject({ phone: null, phone_pending: expect.any(String) });
    expect((await challengeFor(email)).methods).not.toContain('sms');

    const wrong = await agent.call(routes.phone.PUT, '/api/account/phone', {
      method: 'PUT',
      json: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('x-attempts-left')).toBe('4');
    const confirmed = await agent.call(routes.phone.PUT, '/api/account/phone', {
      method: 'PUT',
      json: { code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({
      has_phone: true,
      phone: started.body.data.phone_pending,
    });
    expect(await overview(agent)).toMatchObject({
      phone: started.body.data.phone_pending,
      phone_pending: null,
    });
    await mail.waitFor(email, (m) =>
      m.subject.startsWith('A phone number now receives your sign-in codes'),
    );

    // At the challenge, SMS is an alternative method whose code signs in.
    const step = await challengeFor(email);
    expect(step.methods).toEqual(['totp', 'email', 'sms', 'backup_code']);
    const sent = sms.received.length;
    expect((await switchTo(step.agent, step.challenge, 'sms')).status).toBe(200);
    const signInText = (await sms.waitFor(phone, sent)).text;
    const signInCode = /^(\d{6}) is your Nameport sign-in code/.exec(signInText)![1]!;
    const done = await answer(step.agent, step.challenge, signInCode);
    expect(done.status).toBe(200);
    expect(done.body.data.user.has_phone).toBe(true);

    // Removing it (password again) ends SMS at sign-in and tells the customer.
    const removed = await agent.call(routes.phone.DELETE, '/api/account/phone', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(removed.status).toBe(200);
    expect((await challengeFor(email)).methods).not.toContain('sms');
    await mail.waitFor(email, (m) =>
      m.subject.startsWith('A phone number was removed from your account'),
    );
  });

  it('ends a set-up after 5 wrong codes', async () => {
    const email = await registeredUser(routes, mail, freshEmail('phone5'));
    const { agent } = await signedIn(routes, email);
    const phone = freshPhone();
    const before = sms.received.length;
    await agent.call(routes.phone.POST, '/api/account/phone', {
      method: 'POST',
      json: { password: PASSWORD, phone },
    });
    const code = /^(\d{6})/.exec((await sms.waitFor(phone, before)).text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await agent.call(routes.phone.PUT, '/api/account/phone', {
            method: 'PUT',
            json: { code: wrong },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 410]);
    const late = await agent.call(routes.phone.PUT, '/api/account/phone', {
      method: 'PUT',
      json: { code },
    });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('phone_setup_expired');
    expect((await overview(agent)).phone).toBeNull();
  });
});

describe('backup codes', () => {
  it('gives 10 single-use codes when the second factor is turned on, stored only hashed', async () => {
    const { email, agent, codes } = await twoStepAccount('backup');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await overview(agent)).toMatchObject({ second_factor: true, backup_codes_left: 10 });

    const db = await appDb();
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const stored = await db.select().from(backupCodes).where(eq(backupCodes.userId, user!.id));
    expect(stored).toHaveLength(10);
    const raw = JSON.stringify(stored);
    for (const code of codes) {
      expect(raw).not.toContain(code);
      expect(raw).not.toContain(code.replace('-', ''));
    }

    // Used at the challenge, as typed by a person (any case, no hyphen).
    const step = await challengeFor(email);
    expect(step.methods).toContain('backup_code');
    expect((await switchTo(step.agent, step.challenge, 'backup_code')).body.data.method).toBe(
      'backup_code',
    );
    const done = await answer(step.agent, step.challenge, codes[0]!.toUpperCase().replace('-', ''));
    expect(done.status).toBe(200);
    expect(await overview(agent)).toMatchObject({ backup_codes_left: 9 });
    await mail.waitFor(email, (m) => m.subject.startsWith('A backup code was used to sign in'));

    // Single use.
    const again = await challengeFor(email);
    await switchTo(again.agent, again.challenge, 'backup_code');
    const reused = await answer(again.agent, again.challenge, codes[0]!);
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('invalid_code');
    expect((await answer(again.agent, again.challenge, codes[1]!)).status).toBe(200);
  });

  it('makes a new set on request (password again), and the old codes die', async () => {
    const { email, agent, codes } = await twoStepAccount('regen');
    const wrong = await agent.call(backup.POST, '/api/account/backup-codes', {
      method: 'POST',
      json: { password: 'not my password' },
    });
    expect(wrong.status).toBe(403);
    const fresh = await agent.call(backup.POST, '/api/account/backup-codes', {
      method: 'POST',
      json: { password: PASSWORD },
    });
    expect(fresh.status).toBe(200);
    const newCodes: string[] = fresh.body.data.backup_codes;
    expect(newCodes).toHaveLength(10);
    expect(newCodes.filter((c) => codes.includes(c))).toEqual([]);
    await mail.waitFor(email, (m) => m.subject.startsWith('New backup codes for your account'));

    const step = await challengeFor(email);
    await switchTo(step.agent, step.challenge, 'backup_code');
    expect((await answer(step.agent, step.challenge, codes[2]!)).status).toBe(401);
    expect((await answer(step.agent, step.challenge, newCodes[2]!)).status).toBe(200);
  });

  it('go with the second factor, and cannot be made without one', async () => {
    const { email, agent } = await twoStepAccount('drop');
    const off = await agent.call(routes.totp.DELETE, '/api/account/totp', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(off.status).toBe(200);
    expect(await overview(agent)).toMatchObject({ second_factor: false, backup_codes_left: 0 });
    await mail.waitFor(email, (m) => m.subject.startsWith('Two-step sign-in is off'));
    expect(mailsTo(email, 'Two-step sign-in is on')).toHaveLength(1);
    const refused = await agent.call(backup.POST, '/api/account/backup-codes', {
      method: 'POST',
      json: { password: PASSWORD },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('second_factor_off');
  });
});
