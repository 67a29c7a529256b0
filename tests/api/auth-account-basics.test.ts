import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';
import { linkIn } from '../support/mail-server';

/** Change password, change e-mail, the list of sessions, the mails. */

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const password = await import('@/app/api/account/password/route');
const emailRoute = await import('@/app/api/account/email/route');
const sessions = await import('@/app/api/account/sessions/route');
const oneSession = await import('@/app/api/account/sessions/[id]/route');
const security = await import('@/app/api/account/security/route');
const audit = await import('@/app/api/account/audit/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const NEW_PASSWORD = 'a brand new long passphrase';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInWith(email: string, userAgent: string, pass = PASSWORD) {
  const agent = await readyAgent(routes);
  const answer = await agent.call(routes.login.POST, '/api/login', {
    method: 'POST',
    json: { email, password: pass },
    headers: { 'user-agent': userAgent },
  });
  return { agent, answer };
}

const whoIs = async (agent: Awaited<ReturnType<typeof readyAgent>>) =>
  (await agent.call(routes.customer.GET, '/api/customer')).body.data.user?.email ?? null;

/** The new address the security page says is waiting for its confirmation. */
const pendingEmail = async (agent: Awaited<ReturnType<typeof readyAgent>>) =>
  (await agent.call(security.GET, '/api/account/security')).body.data.email_pending;

type Activity = { actor: string; action: string; target: string; ip: string | null };
/** The account's activity log as its owner reads it, oldest first. */
const activityOf = async (agent: Awaited<ReturnType<typeof readyAgent>>) =>
  ((await agent.call(audit.GET, '/api/account/audit')).body.data.events as Activity[])
    .map(({ actor, action, target, ip }) => ({ actor, action, target, ip }))
    .reverse();

describe('changing the password', () => {
  it('needs the current password, ends the other sessions and reset links, and tells the customer', async () => {
    const email = await registeredUser(routes, mail, freshEmail('pw'));
    const { agent } = await signedIn(routes, email);
    const { agent: other } = await signedIn(routes, email);

    // A reset link asked for before the change.
    await (
      await readyAgent(routes)
    ).call(routes.forgot.POST, '/api/forgot-password', {
      method: 'POST',
      json: { email },
    });
    const reset = linkIn(
      await mail.waitFor(email, (m) => m.subject.startsWith('Reset')),
      '/reset-password',
    ).searchParams.get('token');

    const change = (json: object) =>
      agent.call(password.PUT, '/api/account/password', { method: 'PUT', json });
    const wrong = await change({
      current_password: 'not my password',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('password_incorrect');
    const mismatch = await change({
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: 'something else entirely',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields).toHaveProperty('password_confirmation');
    const common = await change({
      current_password: PASSWORD,
      password: 'baseball',
      password_confirmation: 'baseball',
    });
    expect(common.status).toBe(400);

    const sid = agent.cookies.get('sid');
    const done = await change({
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(agent.cookies.get('sid')).not.toBe(sid);
    expect(await whoIs(agent)).toBe(email);
    expect(await whoIs(other)).toBeNull();

    expect((await signedIn(routes, email)).answer.status).toBe(401);
    expect((await signedIn(routes, email, { password: NEW_PASSWORD })).answer.status).toBe(200);
    const late = await (
      await readyAgent(routes)
    ).call(routes.checkReset.POST, '/api/check-reset-link', {
      method: 'POST',
      json: { token: reset },
    });
    expect(late.status).toBe(410);
    await mail.waitFor(email, (m) => m.subject.startsWith('Your password was changed'));
  });
});

describe('changing the e-mail address', () => {
  it('moves the account only when the link mailed to the new address is opened, and tells the old one', async () => {
    const oldEmail = await registeredUser(routes, mail, freshEmail('old'), { name: 'Ed Mail' });
    const newEmail = freshEmail('new');
    const { agent } = await signedIn(routes, oldEmail);
    const ask = (json: object) =>
      agent.call(emailRoute.POST, '/api/account/email', { method: 'POST', json });

    expect((await ask({ password: 'wrong password', email: newEmail })).status).toBe(403);
    expect((await ask({ password: PASSWORD, email: oldEmail })).status).toBe(400);
    const asked = await ask({ password: PASSWORD, email: newEmail.toUpperCase() });
    expect(asked.status).toBe(202);
    expect(asked.body.data.status).toBe('check_your_email');

    const link = linkIn(
      await mail.waitFor(newEmail, (m) => m.subject.startsWith('Confirm your new e-mail')),
      '/confirm-email',
    );
    expect(link.host).toBe('www.nameport.example');
    // Nothing changed yet.
    expect(await whoIs(agent)).toBe(oldEmail);

    const anyone = await readyAgent(routes);
    const confirm = (token: string | null) =>
      anyone.call(emailRoute.PUT, '/api/account/email', { method: 'PUT', json: { token } });
    const confirmed = await confirm(link.searchParams.get('token'));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.email).toBe(newEmail);
    expect(await whoIs(agent)).toBe(newEmail);
    expect((await signedIn(routes, newEmail)).answer.status).toBe(200);
    expect((await signedIn(routes, oldEmail)).answer.status).toBe(401);

    const told = await mail.waitFor(oldEmail, (m) =>
      m.subject.startsWith('Your e-mail address was changed'),
    );
    expect(told.text).toContain(`${newEmail[0]}***@example.com`);
    expect((await confirm(link.searchParams.get('token'))).status).toBe(410);
  });

  it('answers the same for an address that has an account, and mails that address instead', async () => {
    const email = await registeredUser(routes, mail, freshEmail('mover'));
    const taken = await registeredUser(routes, mail, freshEmail('taken'));
    const { agent } = await signedIn(routes, email);
    const asked = await agent.call(emailRoute.POST, '/api/account/email', {
      method: 'POST',
      json: { password: PASSWORD, email: taken },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.data.status).toBe('check_your_email');
    await mail.waitFor(taken, (m) => m.subject.startsWith('Someone tried to use your address'));
    expect(mail.to(taken).some((m) => m.subject.startsWith('Confirm your new'))).toBe(false);
    // The security page and the log read as for a free address: nothing tells them apart.
    expect(await pendingEmail(agent)).toBe(taken);
    expect((await activityOf(agent)).at(-1)).toMatchObject({
      action: 'email.change_requested',
      target: taken,
    });
  });

  it('shows the address waiting for its confirmation until it is confirmed; the newest request is the one', async () => {
    const oldEmail = await registeredUser(routes, mail, freshEmail('wait'));
    const { agent } = await signedIn(routes, oldEmail);
    expect(await pendingEmail(agent)).toBeNull();
    const ask = async (email: string) => {
      const asked = await agent.call(emailRoute.POST, '/api/account/email', {
        method: 'POST',
        json: { password: PASSWORD, email },
      });
      expect(asked.status).toBe(202);
      return linkIn(
        await mail.waitFor(email, (m) => m.subject.startsWith('Confirm your new e-mail')),
        '/confirm-email',
      ).searchParams.get('token');
    };
    const first = freshEmail('first');
    const firstToken = await ask(first);
    expect(await pendingEmail(agent)).toBe(first);
    const second = freshEmail('second');
    const secondToken = await ask(second);
    expect(await pendingEmail(agent)).toBe(second);

    const anyone = await readyAgent(routes);
    const confirm = (token: string | null) =>
      anyone.call(emailRoute.PUT, '/api/account/email', { method: 'PUT', json: { token } });
    // The earlier link was withdrawn by the newer request.
    expect((await confirm(firstToken)).status).toBe(410);
    expect((await confirm(secondToken)).status).toBe(200);
    expect(await pendingEmail(agent)).toBeNull();
    expect(await whoIs(agent)).toBe(second);
  });
});

describe('the activity log', () => {
  it('records a password change and a reset by link', async () => {
    const email = await registeredUser(routes, mail, freshEmail('log-pw'));
    const { agent } = await signedIn(routes, email);
    const changed = await agent.call(password.PUT, '/api/account/password', {
      method: 'PUT',
      json: {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(changed.status).toBe(200);
    expect((await activityOf(agent)).at(-1)).toEqual({
      actor: email,
      action: 'password.changed',
      target: email,
      ip: agent.ip,
    });

    const anon = await readyAgent(routes);
    await anon.call(routes.forgot.POST, '/api/forgot-password', {
      method: 'POST',
      json: { email },
    });
    const token = linkIn(
      await mail.waitFor(email, (m) => m.subject.startsWith('Reset')),
      '/reset-password',
    ).searchParams.get('token');
    const reset = await anon.call(routes.reset.POST, '/api/reset-password', {
      method: 'POST',
      json: { token, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reset.status).toBe(200);
    const again = await signedIn(routes, email);
    const log = await activityOf(again.agent);
    expect(log.slice(-2)).toEqual([
      { actor: email, action: 'password.reset', target: email, ip: anon.ip },
      { actor: email, action: 'sign_in', target: email, ip: again.agent.ip },
    ]);
  });

  it('records an e-mail change asked for and confirmed', async () => {
    const oldEmail = await registeredUser(routes, mail, freshEmail('log-old'));
    const newEmail = freshEmail('log-new');
    const { agent } = await signedIn(routes, oldEmail);
    const asked = await agent.call(emailRoute.POST, '/api/account/email', {
      method: 'POST',
      json: { password: PASSWORD, email: newEmail },
    });
    expect(asked.status).toBe(202);
    const token = linkIn(
      await mail.waitFor(newEmail, (m) => m.subject.startsWith('Confirm your new e-mail')),
      '/confirm-email',
    ).searchParams.get('token');
    const opener = await readyAgent(routes);
    const confirmed = await opener.call(emailRoute.PUT, '/api/account/email', {
      method: 'PUT',
      json: { token },
    });
    expect(confirmed.status).toBe(200);
    expect((await activityOf(agent)).slice(-2)).toEqual([
      { actor: oldEmail, action: 'email.change_requested', target: newEmail, ip: agent.ip },
      { actor: oldEmail, action: 'email.changed', target: newEmail, ip: opener.ip },
    ]);
  });
});

describe('the list of sessions', () => {
  it('names each device, its address and last use, marks this one, and signs one out', async () => {
    const email = await registeredUser(routes, mail, freshEmail('list'));
    const laptop = await signInWith(email, CHROME);
    const phone = await signInWith(email, IPHONE);

    const listed = await laptop.agent.call(sessions.GET, '/api/account/sessions');
    expect(listed.status).toBe(200);
    const list = listed.body.data.sessions as {
      id: string;
      current: boolean;
      device: string;
      ip: string;
      last_seen_at: string;
    }[];
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.current)!;
    const theirs = list.find((s) => !s.current)!;
    expect(mine).toMatchObject({ device: 'Chrome 131 on Windows', ip: laptop.agent.ip });
    expect(theirs).toMatchObject({ device: 'Safari 17 on iOS (mobile)', ip: phone.agent.ip });
    expect(Date.parse(theirs.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);

    // Another customer cannot end it.
    const stranger = await signedIn(routes, await registeredUser(routes, mail, freshEmail('x')));
    const foreign = await stranger.agent.call(
      oneSession.DELETE,
      `/api/account/sessions/${theirs.id}`,
      {
        method: 'DELETE',
        params: { id: theirs.id },
      },
    );
    expect(foreign.status).toBe(404);

    const out = await laptop.agent.call(oneSession.DELETE, `/api/account/sessions/${theirs.id}`, {
      method: 'DELETE',
      params: { id: theirs.id },
    });
    expect(out.status).toBe(200);
    expect(await whoIs(phone.agent)).toBeNull();
    expect(await whoIs(laptop.agent)).toBe(email);

    // Ending this one signs this browser out.
    const self = await laptop.agent.call(oneSession.DELETE, `/api/account/sessions/${mine.id}`, {
      method: 'DELETE',
      params: { id: mine.id },
    });
    expect(self.status).toBe(200);
    expect(laptop.agent.cookies.has('sid')).toBe(false);
    expect(await whoIs(laptop.agent)).toBeNull();
  });
});
